import {
  MAP_BOUNDS_CHANGE_THRESHOLD,
  MAP_DEFAULT_BOUNDS,
  MAP_SAVED_BOUNDS_TTL_MS,
  MAP_VISIBILITY_TOLERANCE,
} from '#domain/constants';
import { latitudeOf, longitudeOf, mercatorX, mercatorY } from '#domain/mercator';

/** The map's edges in degrees (product §3, UI state boundingBox). */
export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** Product §3, saved map bounds: the bounds and when they were saved (ms since the epoch). */
export interface SavedMapBounds extends MapBounds {
  timestamp: number;
}

export const SAVED_BOUNDS_STORAGE_KEY = 'atlas-map-bounds';

/** Product §9: the bounding box fetched before the map has reported its own. */
export const DEFAULT_FETCH_BOUNDS: MapBounds = { ...MAP_DEFAULT_BOUNDS };

const SIDES = ['north', 'south', 'east', 'west'] as const;

/** Product §4: a move only updates the bounds when a side changes by more than 0.001. */
export function boundsChanged(
  previous: MapBounds | null,
  next: MapBounds,
  threshold: number = MAP_BOUNDS_CHANGE_THRESHOLD,
): boolean {
  if (!previous) return true;
  return SIDES.some((side) => Math.abs(next[side] - previous[side]) > threshold);
}

/** Product §4: saved bounds are valid only if north > south and east differs from west. */
export function isValidBounds(bounds: MapBounds): boolean {
  return (
    SIDES.every((side) => typeof bounds[side] === 'number' && Number.isFinite(bounds[side])) &&
    bounds.north > bounds.south &&
    bounds.east !== bounds.west
  );
}

/** What to keep in local storage for the next visit. */
export function savedBoundsRecord(bounds: MapBounds, now: number): SavedMapBounds {
  return { north: bounds.north, south: bounds.south, east: bounds.east, west: bounds.west, timestamp: now };
}

/**
 * Product §4 and 9: the stored bounds when they are valid and younger than 24 h, otherwise null.
 * Anything unreadable counts as nothing saved.
 */
export function readSavedBounds(
  raw: string | null,
  now: number,
  ttlMs: number = MAP_SAVED_BOUNDS_TTL_MS,
): MapBounds | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<Record<keyof SavedMapBounds, unknown>>;
  const { north, south, east, west, timestamp } = record;
  if (
    typeof north !== 'number' ||
    typeof south !== 'number' ||
    typeof east !== 'number' ||
    typeof west !== 'number' ||
    typeof timestamp !== 'number'
  ) {
    return null;
  }
  const age = now - timestamp;
  if (!Number.isFinite(age) || age < 0 || age >= ttlMs) return null;
  const bounds = { north, south, east, west };
  return isValidBounds(bounds) ? bounds : null;
}

/** Local storage access that never throws (private mode, quota, disabled storage). */
export function loadSavedBounds(
  storage: Pick<Storage, 'getItem'> | undefined,
  now: number,
): MapBounds | null {
  try {
    return readSavedBounds(storage?.getItem(SAVED_BOUNDS_STORAGE_KEY) ?? null, now);
  } catch {
    return null;
  }
}

export function storeBounds(
  storage: Pick<Storage, 'setItem'> | undefined,
  bounds: MapBounds,
  now: number,
): void {
  if (!isValidBounds(bounds)) return;
  try {
    storage?.setItem(SAVED_BOUNDS_STORAGE_KEY, JSON.stringify(savedBoundsRecord(bounds, now)));
  } catch {
    // Storage full or disabled: the next visit starts from the default view.
  }
}

/**
 * Product §4: a building counts as visible within a 0.01 degree tolerance of the bounds. East and
 * west may be unwrapped (a panned map reports east 200); a span of 360 or more is the whole world.
 */
export function isBuildingVisible(
  bounds: MapBounds,
  [lng, lat]: readonly [number, number],
  tolerance: number = MAP_VISIBILITY_TOLERANCE,
): boolean {
  if (lat < bounds.south - tolerance || lat > bounds.north + tolerance) return false;
  const span = bounds.east - bounds.west;
  if (span + 2 * tolerance >= 360) return true;
  const offset = (((lng - bounds.west) % 360) + 360) % 360;
  return offset <= span + tolerance || offset >= 360 - tolerance;
}

/**
 * The map's bounds as the API takes them: latitudes within ±90, the west edge wrapped into
 * [-180, 180) with the east edge moved by the same turns, and a view of the whole world or more
 * as -180..180.
 */
export function normalizeBounds(bounds: MapBounds): MapBounds {
  const north = Math.min(90, Math.max(-90, bounds.north));
  const south = Math.min(90, Math.max(-90, bounds.south));
  if (bounds.east - bounds.west >= 360) return { north, south, east: 180, west: -180 };
  const turns = Math.floor((bounds.west + 180) / 360);
  return { north, south, west: bounds.west - turns * 360, east: bounds.east - turns * 360 };
}

/** The zoom sent with the geojson query: the map's zoom rounded down. */
export function zoomParam(zoom: number): number {
  return Math.max(0, Math.floor(zoom));
}

/** MapLibre's world width in pixels at zoom 0 (512 px tiles). */
const WORLD_PX_AT_ZOOM_0 = 512;

/**
 * The bounds a `width` × `height` px map shows centred on `[lng, lat]` at `zoom` (Web Mercator), as
 * the API takes them: what the explore screen fetches for a building page opened from its link
 * before the map has reported its own (the map then starts there, docs/decisions).
 */
export function boundsAround(
  [lng, lat]: readonly [number, number],
  zoom: number,
  width: number,
  height: number,
): MapBounds {
  const world = WORLD_PX_AT_ZOOM_0 * 2 ** zoom;
  const [x, y] = [mercatorX(lng), mercatorY(lat)];
  const [dx, dy] = [width / 2 / world, height / 2 / world];
  return normalizeBounds({
    north: latitudeOf(y - dy),
    south: latitudeOf(y + dy),
    west: longitudeOf(x - dx),
    east: longitudeOf(x + dx),
  });
}
