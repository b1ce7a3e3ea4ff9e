/**
 * The connection pg-boss runs its SQL through (its `db` option): PGlite's one in-process connection,
 * or a small pool of its own on PostgreSQL. pg-boss sends two kinds of SQL: parameterised single
 * statements, and parameterless scripts (schema install, migrations, maintenance) of several
 * statements wrapped in their own BEGIN … COMMIT, which only the simple query protocol accepts.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

type Row = Record<string, unknown>;
type Execute = (text: string, values?: unknown[]) => Promise<{ rows: Row[] }>;

export function pgliteExecute(pglite: PGlite): Execute {
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

export function poolExecute(pool: pg.Pool): Execute {
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

/**
 * Counts the statements in flight so stop() can wait for pg-boss's last writes (it marks a job
 * completed without awaiting the write). After close(), failures are logged and answered with no
 * rows: a handler that outlived the stop timeout must not crash the process on a closed database.
 */
export class BossConnection {
  #inFlight = 0;
  #closed = false;

  constructor(
    private readonly execute: Execute,
    private readonly log: FastifyBaseLogger,
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  readonly executeSql = async (text: string, values?: unknown[]): Promise<{ rows: Row[] }> => {
    this.#inFlight++;
    try {
      return await this.execute(text, values);
    } catch (err) {
      if (!this.#closed) throw err;
      this.log.warn({ err }, 'job queue statement after stop failed');
      return { rows: [] };
    } finally {
      this.#inFlight--;
    }
  };

  close(): void {
    this.#closed = true;
  }
}
