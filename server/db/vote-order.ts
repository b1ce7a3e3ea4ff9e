import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The ORDER BY terms of the design's vote sorts, for any table with up and down vote counters
 * (comments, images). `popular`: most net votes (smile minus frown), then most votes.
 * `controversial`: (up + down) ^ (min / max), 0 when either side is 0. The caller appends its own
 * tie-breakers (newer first).
 */
export function voteOrder(up: AnyColumn, down: AnyColumn, direction: 'asc' | 'desc' = 'desc') {
  const dir = direction === 'asc' ? asc : desc;
  return {
    popular: [dir(sql`${up} - ${down}`), dir(sql`${up} + ${down}`)] as SQL[],
    controversial: [
      dir(sql`case when ${up} = 0 or ${down} = 0 then 0::float8
          else power((${up} + ${down})::float8, least(${up}, ${down})::float8 / greatest(${up}, ${down})) end`),
    ] as SQL[],
  };
}
