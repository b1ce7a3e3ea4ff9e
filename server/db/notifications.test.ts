/** `Database.listen` on each engine: payloads after `onListening`, nothing after close; PostgreSQL reconnects. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FreshDatabase } from '../test/databases.ts';
import { freshPostgres, openTestPglite, usesPostgres } from '../test/test-app.ts';
import { openDatabase, type Database } from './client.ts';

const CHANNEL = 'atlas_listen_test';

function contract(database: () => Database, synchronous: boolean) {
  it('delivers payloads once listening, and none after close', async () => {
    const got: string[] = [];
    let listening = 0;
    const subscription = await database().listen(CHANNEL, {
      onNotify: (payload) => got.push(payload),
      onListening: () => {
        listening++;
      },
    });
    expect(listening).toBe(1);
    expect(subscription.synchronous).toBe(synchronous);
    await database().db.execute(sql`SELECT pg_notify(${CHANNEL}, 'hello')`);
    await vi.waitFor(() => expect(got).toEqual(['hello']));

    await subscription.close();
    await database().db.execute(sql`SELECT pg_notify(${CHANNEL}, 'after close')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toEqual(['hello']);
  });
}

// Each engine's project runs its own half (registered, not skipped, so no run reports skips).
if (!usesPostgres())
  describe('listen on PGlite', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestPglite();
    });
    afterAll(async () => database?.close());
    contract(() => database, true);
  });

if (usesPostgres())
  describe('listen on PostgreSQL', () => {
    let fresh: FreshDatabase;
    let database: Database;
    beforeAll(async () => {
      fresh = await freshPostgres();
      database = await openDatabase({ databaseUrl: fresh.url });
    });
    afterAll(async () => {
      await database?.close();
      await fresh?.drop();
    });
    contract(() => database, false);

    it('reports a lost connection and listens again on a new one', async () => {
      const got: string[] = [];
      let listening = 0;
      let lost = 0;
      const subscription = await database.listen(CHANNEL, {
        onNotify: (payload) => got.push(payload),
        onListening: () => {
          listening++;
        },
        onLost: () => lost++,
      });
      try {
        await database.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = ${fresh.name} AND application_name = 'atlas-listen'`,
        );
        await vi.waitFor(() => expect({ lost, listening }).toEqual({ lost: 1, listening: 2 }), {
          timeout: 5_000,
        });
        await database.db.execute(sql`SELECT pg_notify(${CHANNEL}, 'back')`);
        await vi.waitFor(() => expect(got).toEqual(['back']));
      } finally {
        await subscription.close();
      }
    });
  });
