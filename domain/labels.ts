/**
 * Lists of values written once, as the table of how each value reads: the list is the table's
 * keys. Zod-free, for the web's small term modules (moderation-terms.ts, revision-terms.ts).
 */

/** The keys of a label table, in the order written, as a non-empty tuple (what z.enum takes). */
/*#__NO_SIDE_EFFECTS__*/
export function keysOf<const K extends string>(labels: Readonly<Record<K, string>>): readonly [K, ...K[]] {
  // Object.keys keeps the order string keys were written in; the table has at least one.
  return Object.keys(labels) as unknown as readonly [K, ...K[]];
}
