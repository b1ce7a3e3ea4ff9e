/** SQL conditions shared by the building read queries. */
import { and, between, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { viewportLngRanges } from '#domain/geo';
import type { BuildingFiltersQuery } from '#domain/buildings';
import { buildings, buildingStyles } from '../../db/schema.ts';

/** The WHERE clause of the map and list filters; undefined when nothing filters. */
export function buildingFilterWhere(q: BuildingFiltersQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.north !== undefined && q.south !== undefined && q.east !== undefined && q.west !== undefined) {
    conditions.push(between(buildings.lat, q.south, q.north));
    const ranges = viewportLngRanges({ east: q.east, west: q.west });
    // Whole-world ranges need no longitude condition (every stored lng is within it).
    if (!(ranges.length === 1 && ranges[0]![0] <= -180 && ranges[0]![1] >= 180)) {
      conditions.push(or(...ranges.map(([min, max]) => between(buildings.lng, min, max))));
    }
  }
  if (q.builtAfterDate !== undefined) conditions.push(gte(buildings.year_built, q.builtAfterDate));
  if (q.builtBeforeDate !== undefined) conditions.push(lte(buildings.year_built, q.builtBeforeDate));
  if (q.archStyles !== undefined && q.archStyles.length > 0) {
    conditions.push(
      exists(
        sql`(SELECT 1 FROM ${buildingStyles} WHERE ${and(
          eq(buildingStyles.building_id, buildings.id),
          inArray(buildingStyles.style_id, q.archStyles),
        )})`,
      ),
    );
  }
  return and(...conditions);
}
