/** The tests' PGlite pool gives every test app a database in the template's state. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/rows.ts';
import { architecturalStyles } from '../db/schema.ts';
import { drainPglitePool, idlePgliteCount } from './pglite-pool.ts';
import { openTestPglite, usesPostgres } from './test-app.ts';

const one = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = await selectRows<T>(database.db, query);
  return row!;
};

describe.skipIf(usesPostgres())('the PGlite pool of the API tests', () => {
  beforeEach(drainPglitePool);
  afterAll(drainPglitePool);

  it('lends a given-back instance again, as the template made it', async () => {
    const first = await openTestPglite();
    const fresh = await one<{ version: string }>(first, sql`SELECT version::text FROM map_data_version`);
    await first.db.insert(architecturalStyles).values({ name: 'Left behind' });
    await selectRows(first.db, sql`SELECT nextval('users_id_seq')`);
    await selectRows(first.db, sql`CREATE SCHEMA left_behind`);
    await selectRows(first.db, sql`SET work_mem = '7MB'`);
    await first.close();
    expect(idlePgliteCount()).toBe(1);

    const second = await openTestPglite();
    expect(idlePgliteCount()).toBe(0);
    expect(await second.db.select().from(architecturalStyles)).toEqual([]);
    // Emptying buildings and styles did not bump the map's version either.
    expect(await one(second, sql`SELECT version::text FROM map_data_version`)).toEqual(fresh);
    expect(await one(second, sql`SELECT nextval('users_id_seq')::int AS n`)).toEqual({ n: 1 });
    expect(
      await one(second, sql`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'left_behind'`),
    ).toEqual({ n: 0 });
    expect(await one(second, sql`SELECT current_setting('work_mem') AS v`)).toEqual({ v: '4MB' });
    await second.close();
  });

  it('refuses every call on a database after its close, as a closed PGlite does', async () => {
    const database = await openTestPglite();
    await database.close();
    const error: unknown = await database.db.execute(sql`SELECT 1`).then(
      () => null,
      (err: unknown) => err,
    );
    // Drizzle wraps the driver's error.
    expect(error instanceof Error && error.cause instanceof Error && error.cause.message).toBe(
      'PGlite is closed',
    );
  });

  it('closes an instance it cannot put back instead of lending it again', async () => {
    const first = await openTestPglite();
    // A table of the test's own: the fingerprint differs after the reset.
    await selectRows(first.db, sql`CREATE TABLE public.left_behind (id int)`);
    await first.close();
    expect(idlePgliteCount()).toBe(0);
    const second = await openTestPglite();
    expect(await one(second, sql`SELECT to_regclass('public.left_behind')::text AS t`)).toEqual({ t: null });
    await second.close();
  });

  it("ends a closed database's LISTENs, and a late unlisten of it cannot end the next one's", async () => {
    const first = await openTestPglite();
    const heardByFirst: string[] = [];
    const old = await first.listen('pool_test', { onNotify: (payload) => heardByFirst.push(payload) });
    await first.close();

    const second = await openTestPglite();
    const heard: string[] = [];
    await second.listen('pool_test', { onNotify: (payload) => heard.push(payload) });
    await old.close(); // the closed app's subscription, ended late
    await selectRows(second.db, sql`SELECT pg_notify('pool_test', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    expect(heardByFirst).toEqual([]);
    await second.close();
  });
});
