/**
 * Change histories (a building's revisions, an architect's renames): the rows of a history table,
 * newest first, each with its author's handle, as the API lists them.
 */
import { desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client.ts';
import { users } from './schema.ts';

/** A history table: its rows have an id, a time and an author (null once the account is gone). */
export type HistoryTable = PgTable & { id: AnyPgColumn; created_at: AnyPgColumn; author_id: AnyPgColumn };

/** One history entry: `fields`, and the id, time (ISO) and author every entry has. */
export type HistoryEntry<F extends SelectedFields> = SelectResultFields<F> & {
  id: number;
  created_at: string;
  author: { handle: string } | null;
};

/**
 * The entries of `table` that `where` picks, newest first (ties by id), with the columns `fields`
 * names; `page` limits them to one page.
 */
export async function historyOf<F extends SelectedFields>(
  db: Pick<Db, 'select'>,
  table: HistoryTable,
  where: SQL,
  fields: F,
  page?: { limit: number; offset: number },
): Promise<HistoryEntry<F>[]> {
  const query = db
    .select({
      ...(fields as SelectedFields),
      id: table.id,
      created_at: table.created_at,
      handle: users.handle,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.author_id))
    .where(where)
    .orderBy(desc(table.created_at), desc(table.id))
    .$dynamic();
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  // The query's own types cannot follow a generic selection: the rest is the columns of `fields`.
  return rows.map(({ id, created_at, handle, ...rest }) => ({
    id,
    created_at: (created_at as Date).toISOString(),
    ...rest,
    author: handle === null ? null : { handle },
  })) as unknown as HistoryEntry<F>[];
}
