/**
 * Rows of a raw SQL statement, typed by the caller. The one place a raw result is cast: both
 * drivers (PGlite's and node-postgres) answer Drizzle's `execute` with `{ rows }`. Works on the
 * database and inside a transaction (`tx`).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

export async function selectRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
