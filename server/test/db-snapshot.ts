/**
 * A fingerprint of every table of the app's schema (row count and an md5 of the rows as text),
 * read generically from the catalogue, so tables added later are covered without a change here.
 * pg-boss's own schema is left out: its maintenance writes to it on its own schedule.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { selectRows } from '../db/rows.ts';

export type DbSnapshot = Record<string, { rows: number; md5: string | null }>;

export async function publicTables(db: Db): Promise<string[]> {
  const rows = await selectRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** The fingerprint of the app's tables. */
export async function snapshotDb(app: Pick<FastifyInstance, 'db' | 'buildingViews'>): Promise<DbSnapshot> {
  const { db } = app;
  // Building views are written in batches on a timer: write those counted so far first, so the
  // fingerprint includes them and a flush cannot land between two snapshots as a change.
  await app.buildingViews.flush();
  const tables = await publicTables(db);
  if (tables.length === 0) return {};
  // One statement for all tables: a fuzz test takes a snapshot after every refused request.
  const query = tableFingerprintSql(tables.map((table) => `"${table.replaceAll('"', '""')}"`));
  const rows = await selectRows<{ name: string; rows: number | string; md5: string | null }>(
    db,
    sql.raw(query),
  );
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), md5: r.md5 }]));
}

/**
 * One statement giving each table's row count and an md5 of its rows as text (columns name, rows,
 * md5), for tables given as SQL identifiers (quoted, schema-qualified or not); `name` is the
 * identifier as given. Also the pool's check of a given-back PGlite (pglite-pool.ts).
 */
export function tableFingerprintSql(identifiers: string[]): string {
  return identifiers
    .map(
      (ident) =>
        `SELECT '${ident.replaceAll("'", "''")}' AS name, count(*) AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM ${ident} t`,
    )
    .join(' UNION ALL ');
}

/** The tables whose fingerprint differs, for a readable assertion message. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n])).sort();
}
