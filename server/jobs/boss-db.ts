/**
 * pg-boss's `db` option: the database's queue connection (server/db, `openQueueConnection`) with
 * a count of the statements in flight.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ExecuteSql, Row } from '../db/raw-sql.ts';

/**
 * Counts the statements in flight so stop() can wait for pg-boss's last writes (it marks a job
 * completed without awaiting the write). After close(), failures are logged and answered with no
 * rows: a handler that outlived the stop timeout must not crash the process on a closed database.
 */
export class BossConnection {
  #inFlight = 0;
  #closed = false;

  constructor(
    private readonly execute: ExecuteSql,
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
