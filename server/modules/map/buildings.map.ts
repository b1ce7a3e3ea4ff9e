/**
 * The map's GeoJSON: every matching building as a point while the viewport holds at most
 * `maxFeatures` of them, grid clusters beyond that (docs/decisions.md, "Map clustering").
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  BuildingFeature,
  BuildingFeatureCollection,
  BuildingsGeojsonQuery,
  ClusterFeature,
  MapFeature,
} from '#domain/building-map';
import type { Viewport } from '#domain/geo';
import {
  abbreviateCount,
  cellBounds,
  fitLevel,
  GRID_MAX_LEVEL,
  levelForZoom,
  MAP_ZOOM_MAX,
  zoomForViewport,
  type GridWindow,
} from '#domain/map-grid';
import type { Db } from '../../db/client.ts';
import { buildingGridCounts, buildings, images } from '../../db/schema.ts';
import type { MediaUrls } from '../../storage/media-url.ts';
import {
  attributeFilterWhere,
  buildingFilterWhere,
  cellXSql,
  cellYSql,
  coverImageJoin,
  gridWindowWhere,
  hasAttributeFilters,
} from '../buildings/buildings.queries.ts';
import { selectRows } from '../../db/rows.ts';
import { voteStats } from '../buildings/buildings.service.ts';
import { ownedBuffer, VersionedCache } from './map-cache.ts';
import { encodeBody, encodedBodyBytes, type EncodedBody } from '../../http/compression.ts';
import type { MapVersionSource } from './map-version.ts';

/** Cached bodies live at most this long: view counters change without raising the data version. */
export const MAP_BODY_TTL_MS = 60_000;

export interface MapOptions {
  /** Most buildings sent as points; more in the (widened) viewport means clusters. */
  maxFeatures: number;
  /** With year/style filters, clusters are counted exactly while the window holds at most this many buildings… */
  filteredScanMax: number;
  /** …and beyond it from a block sample of about this many rows of the whole table. */
  filteredSampleRows: number;
  /** Public URLs of the app's stored files (cover images). */
  media: MediaUrls;
}

export const MAP_OPTION_DEFAULTS = { filteredScanMax: 100_000, filteredSampleRows: 30_000 } as const;

/** What one request asks for, worked out before touching the database. */
export interface MapPlan {
  viewport: Viewport | undefined;
  window: GridWindow;
  /** floor(zoom): clusters' expansion zoom depends on it. */
  zoomFloor: number;
  filtered: boolean;
  /** Key of everything a clustered body depends on. */
  windowKey: string;
  /** Key of everything a body of points depends on. */
  pointsKey: string;
}

function viewportOf(q: BuildingsGeojsonQuery): Viewport | undefined {
  if (q.north === undefined || q.south === undefined || q.east === undefined || q.west === undefined) {
    return undefined;
  }
  return { north: q.north, south: q.south, east: q.east, west: q.west };
}

export function planMap(q: BuildingsGeojsonQuery, opts: MapOptions): MapPlan {
  const viewport = viewportOf(q);
  const zoom = q.zoom ?? zoomForViewport(viewport);
  const window = fitLevel(viewport, levelForZoom(zoom));
  const filters = [
    q.builtAfterDate ?? '',
    q.builtBeforeDate ?? '',
    q.standingInYear ?? '',
    [...(q.archStyles ?? [])].sort((a, b) => a - b).join(','),
    q.needsPhotos === true ? 'np' : '',
    opts.maxFeatures,
  ].join('|');
  const cells = `${window.level}:${window.xRanges.map((r) => r.join('-')).join(',')}:${window.yRange.join('-')}`;
  const edges = viewport ? `${viewport.north},${viewport.south},${viewport.east},${viewport.west}` : 'world';
  return {
    viewport,
    window,
    zoomFloor: Math.floor(zoom),
    filtered: hasAttributeFilters(q),
    windowKey: `c|${cells}|${Math.floor(zoom)}|${filters}`,
    pointsKey: `p|${edges}|${filters}`,
  };
}

interface Cell {
  x: number;
  y: number;
  count: number;
  sumLng: number;
  sumLat: number;
  /** The building's id when count is 1 (exact cells only). */
  singleId: number | null;
}

/**
 * Unfiltered cells of a window, from the precomputed grid; none when the window holds at most
 * `atMost` buildings (the caller then sends points), so that case transfers no rows.
 */
async function gridCells(db: Db, w: GridWindow, atMost: number): Promise<Cell[]> {
  const g = buildingGridCounts;
  const columns = or(...w.xRanges.map(([a, b]) => sql`${g.cell_x} BETWEEN ${a} AND ${b}`));
  // Plain SQL on the hot paths: drizzle's select builder costs more than these queries.
  const rows = await selectRows<{ x: number; y: number; n: number; sl: number; sa: number; si: number }>(
    db,
    sql`WITH cells AS (
          SELECT ${g.cell_x} AS x, ${g.cell_y} AS y, ${g.building_count} AS n, ${g.sum_lng} AS sl,
                 ${g.sum_lat} AS sa, ${g.sum_id}::float8 AS si
          FROM ${g}
          WHERE ${g.level} = ${w.level} AND ${g.cell_y} BETWEEN ${w.yRange[0]} AND ${w.yRange[1]} AND (${columns})
        )
        SELECT * FROM cells WHERE (SELECT sum(n) FROM cells) > ${atMost}`,
  );
  return rows.map((r) => ({
    x: r.x,
    y: r.y,
    count: r.n,
    sumLng: r.sl,
    sumLat: r.sa,
    singleId: r.n === 1 ? Number(r.si) : null,
  }));
}

/** Filtered cells of a window counted per request: exact, or estimated from a block sample. */
async function filteredCells(
  db: Db,
  q: BuildingsGeojsonQuery,
  w: GridWindow,
  sample: { percent: number } | null,
): Promise<Cell[]> {
  const from = sample
    ? sql`${buildings} TABLESAMPLE SYSTEM (${sql.raw(sample.percent.toFixed(4))}) REPEATABLE (7)`
    : sql`${buildings}`;
  const cx = cellXSql(w.level);
  const cy = cellYSql(w.level);
  const where = and(gridWindowWhere(w), attributeFilterWhere(q));
  const rows = await selectRows<{ x: number; y: number; n: number; sl: number; sa: number; id: number }>(
    db,
    sql`
    SELECT ${cx} AS x, ${cy} AS y, count(*)::int AS n, sum(${buildings.lng}) AS sl, sum(${buildings.lat}) AS sa,
           min(${buildings.id}) AS id
    FROM ${from}
    ${where ? sql`WHERE ${where}` : sql``}
    GROUP BY 1, 2`,
  );
  const scale = sample ? 100 / sample.percent : 1;
  return rows.map((r) => ({
    x: Number(r.x),
    y: Number(r.y),
    count: sample ? Math.max(1, Math.round(Number(r.n) * scale)) : Number(r.n),
    sumLng: Number(r.sl) * scale,
    sumLat: Number(r.sa) * scale,
    singleId: !sample && Number(r.n) === 1 ? Number(r.id) : null,
  }));
}

/** Buildings matching the filters within the window, counting no further than `limit`. */
async function countInWindow(
  db: Db,
  q: BuildingsGeojsonQuery,
  w: GridWindow,
  limit: number,
): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM ${buildings} WHERE ${and(gridWindowWhere(w), attributeFilterWhere(q)) ?? sql`true`} LIMIT ${limit}
    ) AS s`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function totalBuildings(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: buildingGridCounts.building_count })
    .from(buildingGridCounts)
    .where(eq(buildingGridCounts.level, 0));
  return row?.n ?? 0;
}

interface PointRow {
  id: number;
  name: string;
  description: string | null;
  lng: number;
  lat: number;
  year_built: number | null;
  year_demolished: number | null;
  image_count: number;
  views: number;
  upvotes: number;
  meh_votes: number;
  downvotes: number;
  storage_key: string | null;
  renditions: Record<string, string> | null;
}

async function selectPoints(
  db: Db,
  media: MediaUrls,
  where: SQL | undefined,
  limit: number,
): Promise<BuildingFeature[]> {
  const b = buildings;
  const rows = await selectRows<PointRow>(
    db,
    sql`SELECT ${b.id} AS id, ${b.name} AS name, ${b.description} AS description, ${b.lng} AS lng,
               ${b.lat} AS lat, ${b.year_built} AS year_built, ${b.year_demolished} AS year_demolished,
               ${b.image_count} AS image_count, ${b.views} AS views, ${b.upvotes} AS upvotes,
               ${b.meh_votes} AS meh_votes, ${b.downvotes} AS downvotes,
               ${images.storage_key} AS storage_key, ${images.renditions} AS renditions
        FROM ${b} LEFT JOIN ${images} ON ${coverImageJoin}
        ${where ? sql`WHERE ${where}` : sql``}
        ORDER BY ${b.id}
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    type: 'Feature',
    id: r.id,
    geometry: { type: 'Point', coordinates: [r.lng, r.lat] },
    properties: {
      cluster: false,
      id: r.id,
      name: r.name,
      description: r.description,
      year_built: r.year_built,
      year_demolished: r.year_demolished,
      cover_image: r.storage_key
        ? media.image({ storage_key: r.storage_key, renditions: r.renditions ?? {} })
        : null,
      image_count: r.image_count,
      views: r.views,
      vote_stats: voteStats(r),
    },
  }));
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function clusterFeature(plan: MapPlan, cell: Cell): ClusterFeature {
  const level = plan.window.level;
  const bounds = cellBounds(level, cell.x, cell.y);
  // The centroid, kept inside its cell (sums of estimated or float-accumulated values may drift).
  const lng = Math.min(bounds[2], Math.max(bounds[0], cell.sumLng / cell.count));
  const lat = Math.min(bounds[3], Math.max(bounds[1], cell.sumLat / cell.count));
  // Zoomed to `level` the cell spans ~512 px and splits into 8 × 8 smaller cells.
  const expansion = level < GRID_MAX_LEVEL ? level : Math.max(level, plan.zoomFloor + 1);
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [round6(lng), round6(lat)] },
    properties: {
      cluster: true,
      cluster_id: `${level}/${cell.x}/${cell.y}`,
      point_count: cell.count,
      point_count_abbreviated: abbreviateCount(cell.count),
      expansion_zoom: Math.min(MAP_ZOOM_MAX, Math.max(plan.zoomFloor + 1, expansion)),
      bounds,
    },
  };
}

function viewportBbox(v: Viewport | undefined): [number, number, number, number] {
  if (!v) return [-180, -90, 180, 90];
  if (v.east - v.west >= 360) return [-180, v.south, 180, v.north];
  const wrap = (lng: number) => (lng >= -180 && lng <= 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180);
  return [wrap(v.west), v.south, wrap(v.east), v.north];
}

/** Every matching building in the exact viewport as a point (the caller knows they fit). */
export async function renderPoints(
  db: Db,
  q: BuildingsGeojsonQuery,
  plan: MapPlan,
  opts: MapOptions,
): Promise<BuildingFeatureCollection> {
  const features = await selectPoints(db, opts.media, buildingFilterWhere(q), opts.maxFeatures);
  return {
    type: 'FeatureCollection',
    features,
    truncated: false,
    total: features.length,
    approximate: false,
    bbox: viewportBbox(plan.viewport),
  };
}

/**
 * Clusters for the window, or null when the window holds no more than `maxFeatures` matching
 * buildings (then the caller sends points). Cells holding one building are sent as its point.
 */
export async function renderClusters(
  db: Db,
  q: BuildingsGeojsonQuery,
  plan: MapPlan,
  opts: MapOptions,
): Promise<BuildingFeatureCollection | null> {
  const w = plan.window;
  let cells = await gridCells(db, w, opts.maxFeatures);
  if (cells.length === 0) return null;
  const upper = cells.reduce((n, c) => n + c.count, 0);
  let approximate = false;
  if (plan.filtered) {
    if ((await countInWindow(db, q, w, opts.maxFeatures + 1)) <= opts.maxFeatures) return null;
    if (upper <= opts.filteredScanMax) {
      cells = await filteredCells(db, q, w, null);
    } else {
      const all = await totalBuildings(db);
      const percent = Math.min(100, (100 * opts.filteredSampleRows) / Math.max(1, all));
      cells = await filteredCells(db, q, w, percent >= 100 ? null : { percent });
      approximate = percent < 100;
    }
  }
  const singles = cells.filter((c) => c.singleId !== null).map((c) => c.singleId!);
  const points = singles.length
    ? await selectPoints(db, opts.media, inArray(buildings.id, singles), singles.length)
    : [];
  const features: MapFeature[] = [
    ...cells.filter((c) => c.singleId === null).map((c) => clusterFeature(plan, c)),
    ...points,
  ];
  return {
    type: 'FeatureCollection',
    features,
    truncated: features.some((f) => f.properties.cluster),
    total: cells.reduce((n, c) => n + c.count, 0),
    approximate,
    bbox: w.bbox,
  };
}

/** Map bodies for one app: rendered once per (data version, window or viewport, filters), then served as bytes. */
export class MapBodies {
  /**
   * Bodies by render key, and request URLs as aliases of those keys, in one budget of real bytes
   * (GEOJSON_CACHE_MB). null stands for "this window holds few enough buildings: send points of
   * the exact viewport". Values hold the raw JSON with its brotli and gzip forms and ETag, made
   * once by encodeBody: a cached answer costs no compression work.
   */
  private readonly cache: VersionedCache<EncodedBody | null>;
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly versions: MapVersionSource,
    private readonly opts: MapOptions,
    cacheBytes: number,
    ttlMs = MAP_BODY_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.cache = new VersionedCache<EncodedBody | null>(
      cacheBytes,
      ttlMs,
      (b) => (b ? encodedBodyBytes(b) : 0),
      now,
    );
    if (this.cache.enabled) {
      // Expired bodies are freed even when no request comes to notice them.
      this.sweeper = setInterval(() => this.cache.sweep(), ttlMs);
      this.sweeper.unref();
    }
  }

  /** Bytes the cache holds now (keys, bodies, URL index): at most GEOJSON_CACHE_MB. */
  get retainedBytes(): number {
    return this.cache.retainedBytes;
  }

  /** Stops the sweeping timer and frees every body. */
  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.cache.clear();
  }

  /**
   * The body last sent for exactly this URL, if nothing changed since: requests repeating a URL
   * (every client at the start view, a map panned back) skip validation and planning entirely.
   * Only valid requests are ever stored, so a hit needs no validation.
   */
  async bodyForUrl(url: string): Promise<EncodedBody | undefined> {
    if (!this.cache.enabled) return undefined;
    return this.cache.peekAlias(await this.versions.current(), url) ?? undefined;
  }

  /** The JSON body of GET /api/buildings/geojson for a parsed query, remembered for its URL. */
  async body(q: BuildingsGeojsonQuery, url?: string): Promise<EncodedBody> {
    const plan = planMap(q, this.opts);
    const version = this.cache.enabled ? await this.versions.current() : 0;
    const { body, key } = await this.render(q, plan, version);
    if (url !== undefined) this.cache.alias(version, url, key);
    return body;
  }

  private async render(
    q: BuildingsGeojsonQuery,
    plan: MapPlan,
    version: number,
  ): Promise<{ body: EncodedBody; key: string }> {
    const clustered = await this.cache.get(version, plan.windowKey, async () => {
      const body = await renderClusters(this.db, q, plan, this.opts);
      return body ? encodeBody(ownedBuffer(JSON.stringify(body))) : null;
    });
    if (clustered) return { body: clustered, key: plan.windowKey };
    const points = await this.cache.get(version, plan.pointsKey, async () =>
      encodeBody(ownedBuffer(JSON.stringify(await renderPoints(this.db, q, plan, this.opts)))),
    );
    return { body: points!, key: plan.pointsKey };
  }
}
