/**
 * Raw SQL text on each engine, for the job queue's connection (pg-boss's `db` option). pg-boss
 * sends two kinds of SQL: parameterised single statements, and parameterless scripts (schema
 * install, migrations, maintenance) of several statements wrapped in their own BEGIN … COMMIT,
 * which only the simple query protocol accepts.
 */
import type { PgliteClient } from './pglite-thread-client.ts';
import type pg from 'pg';

export type Row = Record<string, unknown>;
/** Runs one parameterised statement, or a parameterless script; answers with the (last) rows. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Row[] }>;

export function pgliteExecute(pglite: PgliteClient): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0) {
      return { rows: (await pglite.query<Row>(text, values)).rows };
    }
    // Inside a PGlite transaction nothing else gets onto the shared connection mid-script, and a
    // failed script is rolled back at once instead of leaving the connection in an aborted
    // transaction. The script's own BEGIN/COMMIT then only raise warnings.
    const results = await pglite.transaction((tx) => tx.exec(text));
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

export function poolExecute(pool: pg.Pool): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0) {
      return { rows: (await pool.query<Row>(text, values)).rows };
    }
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // Several statements give an array of results; pg-boss reads rows only from single ones.
      const result = (await client.query<Row>(text)) as pg.QueryResult<Row> | pg.QueryResult<Row>[];
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    } catch (err) {
      // A script that failed after its BEGIN leaves the session in an aborted transaction.
      await client.query('ROLLBACK').catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
      throw err;
    } finally {
      client.release(broken);
    }
  };
}
