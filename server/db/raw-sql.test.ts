/** The job queue's connection (`Database.openQueueConnection`) on each engine. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite, usesPostgres } from '../test/test-app.ts';
import { openDatabase, type Database, type ExecuteSql, type QueueConnection } from './client.ts';

type Execute = ExecuteSql;
const log = { warn: () => undefined };

// pg-boss's install, migrations and maintenance are scripts of this shape: BEGIN; …; COMMIT.
function contract(execute: () => Execute) {
  const table = `boss_db_${crypto.randomBytes(4).toString('hex')}`;

  it('runs parameterised statements', async () => {
    const { rows } = await execute()('SELECT $1::int + $2::int AS sum, $3::jsonb AS data', [
      1,
      2,
      { a: [1] },
    ]);
    expect(rows).toEqual([{ sum: 3, data: { a: [1] } }]);
  });

  it('runs a parameterless script of several statements and answers with the last rows', async () => {
    const { rows } = await execute()(
      `BEGIN; CREATE TABLE ${table} (x int); INSERT INTO ${table} VALUES (7); COMMIT; SELECT x FROM ${table}`,
    );
    expect(rows).toEqual([{ x: 7 }]);
  });

  it('rolls a failed script back and leaves the connection usable', async () => {
    await expect(execute()(`BEGIN; INSERT INTO ${table} VALUES (8); SELECT 1 / 0; COMMIT;`)).rejects.toThrow(
      /division by zero/,
    );
    const { rows } = await execute()(`SELECT count(*)::int AS n FROM ${table} WHERE x = $1`, [8]);
    expect(rows).toEqual([{ n: 0 }]);
    await execute()(`DROP TABLE ${table}`);
  });
}

// Each engine's project runs its own half (registered, not skipped, so no run reports skips).
if (!usesPostgres())
  describe('the pg-boss connection on PGlite', () => {
    let database: Database;
    let connection: QueueConnection;
    beforeAll(async () => {
      database = await openTestPglite();
      connection = database.openQueueConnection({ maxConnections: 1, log });
    });
    afterAll(async () => {
      await connection?.close();
      await database?.close();
    });
    contract(() => connection.execute);
  });

if (usesPostgres())
  describe('the pg-boss connection on PostgreSQL', () => {
    let database: Database;
    let connection: QueueConnection;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
      // One connection, so a session left in an aborted transaction would fail the next test.
      connection = database.openQueueConnection({ maxConnections: 1, log });
    });
    afterAll(async () => {
      await connection?.close();
      await database?.close();
    });
    contract(() => connection.execute);
  });
