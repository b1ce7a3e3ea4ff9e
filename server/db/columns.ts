/**
 * Selections by column name: the columns of a table a query reads, listed as names where the
 * result keeps each column's own name.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The columns of `table` named in `names`, in that order, for a select. */
export function columnsOf<T extends PgTable, const K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
