/** Business constants of product §9, shared by server and web. */

export const YEAR_MIN = -10000;

/** Latest allowed year: the current year (product §5, year filter). */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

export const REQUEST_TIMEOUT_MS = 5000;
export const QUERY_GC_TIME_MS = 60_000;

export const MAP_START_CENTER: readonly [number, number] = [0, 40]; // [lng, lat]: spec "[40,0]" is lat 40, lng 0
export const MAP_START_ZOOM = 3;
export const MAP_DEFAULT_BOUNDS = { north: 85, south: -85, east: 180, west: -180 } as const;
export const MAP_FETCH_DEBOUNCE_MS = 1000;
export const MAP_BOUNDS_CHANGE_THRESHOLD = 0.001;
export const MAP_VISIBILITY_TOLERANCE = 0.01;
export const MAP_SAVED_BOUNDS_TTL_MS = 24 * 60 * 60 * 1000;
export const MAP_MOBILE_MAX_WIDTH = 767;
export const MAP_SCROLL_OVERLAY_MS = 1500;
export const BUILDING_FLY_TO_ZOOM = 16;
export const BUILDING_FLY_TO_MS = 1500;

export const MARKER_COLOR_LIGHT = '#3498db';
export const MARKER_COLOR_DARK = '#00E5FF';

export const THEME_TRANSITION_MS = 300;
export const THEME_STORAGE_KEY = 'atlas-theme';

/** Upper bound of features one geojson response carries. */
export const GEOJSON_MAX_FEATURES_DEFAULT = 2000;

export const PER_PAGE_MAX = 100;

/**
 * How deep the card list goes, and how far its count counts: pages past the
 * first LIST_MAX_ITEMS matching buildings are refused, and a count beyond it is reported as "at
 * least LIST_MAX_ITEMS". A deep OFFSET or an exact count over a large filtered table would cost a
 * scan per request; narrowing the filters or the map shows any building.
 */
export const LIST_MAX_ITEMS = 10_000;

/**
 * Search hits per answer: the default and the most a client may ask for. Here rather
 * than in search.ts so the web's search box gets them without the schemas.
 */
export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;

/** Cards per page of the explore list (product §9); here so the explore screen needs no schemas. */
export const BUILDINGS_PER_PAGE_DEFAULT = 20;
