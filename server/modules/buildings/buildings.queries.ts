/** SQL conditions shared by the building read queries. */
import {
  and,
  between,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { viewportLngRanges } from '#domain/geo';
import type { BuildingFiltersQuery } from '#domain/building-filters';
import { GRID_MAX_LEVEL, type GridWindow } from '#domain/map-grid';
import { buildings, buildingStyles, images } from '../../db/schema.ts';
import { visibleBuilding, visibleImage, type Viewer } from '../../db/visibility.ts';

/**
 * The WHERE clause of the map and list filters, with the buildings `viewer` may see (a visitor's
 * by default: the map, exports and duplicate checks are the same for everyone).
 */
export function buildingFilterWhere(q: BuildingFiltersQuery, viewer: Viewer | null = null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.north !== undefined && q.south !== undefined && q.east !== undefined && q.west !== undefined) {
    conditions.push(between(buildings.lat, q.south, q.north));
    const ranges = viewportLngRanges({ east: q.east, west: q.west });
    // Whole-world ranges need no longitude condition (every stored lng is within it).
    if (!(ranges.length === 1 && ranges[0]![0] <= -180 && ranges[0]![1] >= 180)) {
      conditions.push(or(...ranges.map(([min, max]) => between(buildings.lng, min, max))));
    }
  }
  conditions.push(attributeFilterWhere(q, viewer));
  return and(...conditions);
}

/**
 * The year, style and photo filters alone (no viewport), with what `viewer` may see (hidden buildings
 * are in no map cell either: the grid triggers leave them out).
 */
export function attributeFilterWhere(q: BuildingFiltersQuery, viewer: Viewer | null = null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visibleBuilding(viewer)];
  if (q.builtAfterDate !== undefined) conditions.push(gte(buildings.year_built, q.builtAfterDate));
  if (q.builtBeforeDate !== undefined) conditions.push(lte(buildings.year_built, q.builtBeforeDate));
  if (q.standingInYear !== undefined) {
    // standsInYear() in domain/building-filters.ts, in SQL: unknown years built count as standing.
    conditions.push(
      or(isNull(buildings.year_built), lte(buildings.year_built, q.standingInYear)),
      or(isNull(buildings.year_demolished), gt(buildings.year_demolished, q.standingInYear)),
    );
  }
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
  if (q.needsPhotos === true) {
    // 'Needs photos': no image the viewer would see in the building's gallery (ready, and not
    // hidden by moderators; image_count counts hidden ones too, so it cannot say this).
    conditions.push(
      not(
        exists(
          sql`(SELECT 1 FROM ${images} WHERE ${and(
            eq(images.building_id, buildings.id),
            eq(images.status, 'ready'),
            visibleImage(viewer),
          )})`,
        ),
      ),
    );
  }
  return and(...conditions);
}

export function hasAttributeFilters(q: BuildingFiltersQuery): boolean {
  return (
    q.builtAfterDate !== undefined ||
    q.builtBeforeDate !== undefined ||
    q.standingInYear !== undefined ||
    q.needsPhotos === true ||
    (q.archStyles !== undefined && q.archStyles.length > 0)
  );
}

/** A building's grid cell column at a level, as the grid triggers compute it. */
export function cellXSql(level: number): SQL {
  return sql`(atlas_grid_x16(${buildings.lng}) >> ${sql.raw(String(GRID_MAX_LEVEL - level))})`;
}

export function cellYSql(level: number): SQL {
  return sql`(atlas_grid_y16(${buildings.lat}) >> ${sql.raw(String(GRID_MAX_LEVEL - level))})`;
}

/**
 * Buildings inside a grid window, as plain ranges the (lng, lat) btree and the planner's
 * statistics understand: a cell includes its west and south edges, not its east and north ones
 * (except at 180° and 90°), as the grid triggers count it. Edges are exact binary fractions, so a
 * building on an edge falls in the same cell either way. No condition at all for the whole world.
 */
export function gridWindowWhere(w: GridWindow): SQL | undefined {
  const size = 360 / 2 ** w.level;
  const lastColumn = 2 ** w.level - 1;
  const lastRow = Math.max(1, 2 ** (w.level - 1)) - 1;
  const lngRanges = w.xRanges.map(([x0, x1]) =>
    and(
      x0 > 0 ? gte(buildings.lng, x0 * size - 180) : undefined,
      x1 < lastColumn ? lt(buildings.lng, (x1 + 1) * size - 180) : undefined,
    ),
  );
  const [y0, y1] = w.yRange;
  return and(
    y0 > 0 ? gte(buildings.lat, y0 * size - 90) : undefined,
    y1 < lastRow ? lt(buildings.lat, (y1 + 1) * size - 90) : undefined,
    lngRanges.some((r) => r === undefined) ? undefined : or(...lngRanges),
  );
}

/** The ready cover image of a building, for a LEFT JOIN; an image moderators hid is no one's cover. */
export const coverImageJoin = and(
  eq(images.id, buildings.cover_image_id),
  eq(images.status, 'ready'),
  isNull(images.hidden_at),
);

export const coverImageColumns = {
  storage_key: images.storage_key,
  renditions: images.renditions,
};
