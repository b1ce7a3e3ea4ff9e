/**
 * The map grid behind server-side clustering (docs/decisions.md, "Map clustering"). Level L
 * cuts the world into square cells of 360/2^L degrees: x counts from -180° eastwards (0 … 2^L - 1),
 * y from -90° northwards (0 … 2^(L-1) - 1). The database computes the same cells
 * (migration 0002: atlas_grid_x16/y16 shifted right by 16 - L).
 */
import { viewportLngRanges, type Viewport } from './geo.ts';

/** Finest precomputed level: cells of 360/65536° ≈ 0.0055° (≈ 600 m at the equator). */
export const GRID_MAX_LEVEL = 16;
/** Grid level = floor(zoom) + this: cells of 64 to 128 px on a map with 512 px tiles. */
export const GRID_LEVEL_ZOOM_OFFSET = 3;
/** Most cells one clustered response may span; the level is lowered until the viewport fits. */
export const GRID_CELL_BUDGET = 1024;
/** Map zoom range the geojson endpoint accepts (MapLibre's). */
export const MAP_ZOOM_MIN = 0;
export const MAP_ZOOM_MAX = 22;
/** Width in CSS pixels assumed when the zoom must be derived from a viewport alone. */
const ASSUMED_VIEWPORT_PX = 1024;
const TILE_PX = 512;

/** Degrees per cell side at a level. */
export function cellSize(level: number): number {
  return 360 / 2 ** level;
}

export function cellsAcross(level: number): number {
  return 2 ** level;
}

/** Rows of cells from the south pole to the north pole (one at level 0). */
export function cellsDown(level: number): number {
  return Math.max(1, 2 ** (level - 1));
}

/** Column of a longitude in [-180, 180]; 180 itself falls into the last column. */
export function cellX(lng: number, level: number): number {
  return Math.min(Math.floor(((lng + 180) / 360) * 2 ** level), cellsAcross(level) - 1);
}

/** Row of a latitude in [-90, 90]; 90 itself falls into the last row. */
export function cellY(lat: number, level: number): number {
  return Math.min(Math.floor(((lat + 90) / 360) * 2 ** level), cellsDown(level) - 1);
}

/** [west, south, east, north] of a cell, in degrees. */
export function cellBounds(level: number, x: number, y: number): [number, number, number, number] {
  const size = cellSize(level);
  return [
    x * size - 180,
    y * size - 90,
    Math.min((x + 1) * size - 180, 180),
    Math.min((y + 1) * size - 90, 90),
  ];
}

/** A rough map zoom for a viewport when the client does not say: the zoom at which it fills ~1024 px. */
export function zoomForViewport(v: Viewport | undefined): number {
  if (!v) return 1;
  // A wrapped viewport across the antimeridian has west > east.
  const lngSpan = Math.min(360, v.east >= v.west ? v.east - v.west : v.east + 360 - v.west);
  const span = Math.max(lngSpan, v.north - v.south, 1e-6);
  const zoom = Math.log2((360 * ASSUMED_VIEWPORT_PX) / (TILE_PX * span));
  return Math.min(MAP_ZOOM_MAX, Math.max(MAP_ZOOM_MIN, zoom));
}

export function levelForZoom(zoom: number): number {
  return Math.min(GRID_MAX_LEVEL, Math.max(0, Math.floor(zoom) + GRID_LEVEL_ZOOM_OFFSET));
}

/** An inclusive range of cell columns. */
export type CellRange = readonly [number, number];

/** The cells a viewport touches at a level: one or two column ranges (antimeridian) and a row range. */
export interface GridWindow {
  level: number;
  xRanges: CellRange[];
  yRange: CellRange;
  /** Cells spanned, empty or not. */
  cellCount: number;
  /** The viewport widened to whole cells: [west, south, east, north]; west > east across the antimeridian. */
  bbox: [number, number, number, number];
}

const WORLD: Viewport = { north: 90, south: -90, east: 180, west: -180 };

export function gridWindow(viewport: Viewport | undefined, level: number): GridWindow {
  const v = viewport ?? WORLD;
  const lngRanges = viewportLngRanges(v);
  const xRanges: CellRange[] = lngRanges.map(([min, max]) => [cellX(min, level), cellX(max, level)]);
  // Two ranges that meet (a viewport of exactly the whole world) become one.
  if (xRanges.length === 2 && xRanges[1]![1] >= xRanges[0]![0] - 1) {
    xRanges.splice(0, 2, [0, cellsAcross(level) - 1]);
  }
  const yRange: CellRange = [cellY(v.south, level), cellY(v.north, level)];
  const columns = xRanges.reduce((n, [a, b]) => n + b - a + 1, 0);
  const size = cellSize(level);
  const first = xRanges[0]!;
  const last = xRanges[xRanges.length - 1]!;
  // Across the antimeridian the first range is the western one ([west, 180]).
  const west = first[0] * size - 180;
  const east = Math.min((last[1] + 1) * size - 180, 180);
  const south = yRange[0] * size - 90;
  const north = Math.min((yRange[1] + 1) * size - 90, 90);
  return {
    level,
    xRanges,
    yRange,
    cellCount: columns * (yRange[1] - yRange[0] + 1),
    bbox: [west, south, east, north],
  };
}

/** The finest level at or below `level` whose window over the viewport spans at most `budget` cells. */
export function fitLevel(
  viewport: Viewport | undefined,
  level: number,
  budget = GRID_CELL_BUDGET,
): GridWindow {
  let l = Math.min(GRID_MAX_LEVEL, Math.max(0, level));
  let w = gridWindow(viewport, l);
  while (w.cellCount > budget && l > 0) {
    l -= 1;
    w = gridWindow(viewport, l);
  }
  return w;
}

/** 1234 -> '1.2k', 1234567 -> '1.2M' (as map cluster labels usually show counts). */
export function abbreviateCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.round(n / 100) / 10).toString()}k`;
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${(Math.round(n / 100_000) / 10).toString()}M`;
}
