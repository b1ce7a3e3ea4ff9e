/**
 * The explore view in the URL, so that a copied link opens the same view and Back steps through
 * what the user did: `?styles=3,7&builtAfter=1900&builtBefore=1950&standingInYear=1935&needsPhotos=1&map=12/48.8566/2.3522`
 * on / and on /buildings/{id}. Pure: reading forgives (an invalid value is ignored, an
 * out-of-range one clamped), writing gives the one canonical form, and reading what was written
 * gives back the same view. The filters are here, in the explore screen's first bundle (no zod);
 * the map's position (`map=zoom/lat/lng`) is read and written by the map's lazily loaded module
 * (camera-url.ts), the screen reads it only roughly (roughCamera) for its first queries.
 */
import { currentYear, YEAR_MIN } from '#domain/constants';
import { STANDING_YEAR_PARAM } from '#domain/pages';
import type { FiltersState } from './filters.ts';
import { parseStandingYear } from './time.ts';

/** The URL's parameter names, in the order they are written. */
export const EXPLORE_PARAMS = {
  styles: 'styles',
  builtAfter: 'builtAfter',
  builtBefore: 'builtBefore',
  standingInYear: STANDING_YEAR_PARAM,
  needsPhotos: 'needsPhotos',
  map: 'map',
} as const;

/** The map's camera: `zoom/lat/lng` in the URL (read and written by the map, model/camera-url.ts). */
export interface MapCamera {
  zoom: number;
  lat: number;
  lng: number;
}

/** The filters of the explore view the URL holds (the map's position is the map's, camera-url.ts). */
export interface ExploreView {
  /** Architectural style ids, ascending, each once. */
  styles: number[];
  builtAfter: number | null;
  builtBefore: number | null;
  standingInYear: number | null;
  needsPhotos: boolean;
}

export const EMPTY_EXPLORE_VIEW: ExploreView = {
  styles: [],
  builtAfter: null,
  builtBefore: null,
  standingInYear: null,
  needsPhotos: false,
};

/** As many style ids as the API takes in one query (domain/query-params.ts idListParam). */
const STYLES_MAX = 200;
/** Largest id a PostgreSQL `integer` column holds (domain/query-params.ts ID_MAX, which imports zod). */
const ID_MAX = 2147483647;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

function parseStyles(param: string | null): number[] {
  if (!param) return [];
  const ids = param
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((id) => id >= 1 && id <= ID_MAX);
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, STYLES_MAX);
}

/** A 'Built between' year: a whole number, clamped to -10000..the current year; else null. */
function parseYear(param: string | null, now: Date): number | null {
  if (param === null || !/^[+-]?\d+$/.test(param.trim())) return null;
  return clamp(Number(param), YEAR_MIN, currentYear(now)) || 0;
}

/**
 * The URL's map position read loosely, for the box the first queries ask for before the map has
 * loaded (the map itself reads it exactly, model/camera-url.ts); null when it is not three numbers.
 */
export function roughCamera(param: string | null): MapCamera | null {
  const [zoom = NaN, lat = NaN, lng = NaN, extra] = (param ?? '')
    .split('/')
    .map((p) => (p ? Number(p) : NaN));
  if (extra !== undefined || ![zoom, lat, lng].every(Number.isFinite)) return null;
  return { zoom: clamp(zoom, 0, 22), lat: clamp(lat, -85, 85), lng };
}

/** The explore view a URL's query holds (`?` optional); what cannot be read is left out. */
export function parseExploreView(search: string | URLSearchParams, now: Date = new Date()): ExploreView {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const builtAfter = parseYear(q.get(EXPLORE_PARAMS.builtAfter), now);
  let builtBefore = parseYear(q.get(EXPLORE_PARAMS.builtBefore), now);
  // Product §5: the end year is never before the start year.
  if (builtAfter !== null && builtBefore !== null && builtAfter > builtBefore) builtBefore = builtAfter;
  const needs = q.get(EXPLORE_PARAMS.needsPhotos);
  return {
    styles: parseStyles(q.get(EXPLORE_PARAMS.styles)),
    builtAfter,
    builtBefore,
    standingInYear: parseStandingYear(q.get(EXPLORE_PARAMS.standingInYear), now),
    needsPhotos: needs === '1' || needs === 'true',
  };
}

/** A parameter's value as written: commas and slashes stay readable (RFC 3986 allows both in a query). */
export const encodeValue = (value: string) =>
  encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%2F/gi, '/');

/**
 * The query (`?…`, or '' when empty) of `view`: the parameters of `base` that are not the
 * explore view's (kept as they were), then each filter only when set, in EXPLORE_PARAMS' order,
 * then the map's position from `base` (or `map` when given: camera-url.ts writes it).
 */
export function exploreSearch(view: ExploreView, base: string | URLSearchParams = '', map?: string): string {
  const others = new URLSearchParams(base);
  const camera = map ?? others.get(EXPLORE_PARAMS.map);
  for (const name of Object.values(EXPLORE_PARAMS)) others.delete(name);
  const ours: [string, string | null][] = [
    [EXPLORE_PARAMS.styles, view.styles.length ? parseStyles(view.styles.join(',')).join(',') : null],
    [EXPLORE_PARAMS.builtAfter, view.builtAfter === null ? null : String(view.builtAfter)],
    [EXPLORE_PARAMS.builtBefore, view.builtBefore === null ? null : String(view.builtBefore)],
    [EXPLORE_PARAMS.standingInYear, view.standingInYear === null ? null : String(view.standingInYear)],
    [EXPLORE_PARAMS.needsPhotos, view.needsPhotos ? '1' : null],
    [EXPLORE_PARAMS.map, camera || null],
  ];
  const parts = [others.toString(), ...ours.map(([k, v]) => (v === null ? '' : `${k}=${encodeValue(v)}`))];
  const text = parts.filter(Boolean).join('&');
  return text ? `?${text}` : '';
}

/** The filter bar's state for a view (an end year in the URL counts as one the user set). */
export function filtersStateOf(view: ExploreView): FiltersState {
  return {
    selectedArchitecturalStyles: view.styles,
    builtAfterDate: view.builtAfter,
    builtBeforeDate: view.builtBefore,
    endYearTouched: view.builtBefore !== null,
    needsPhotos: view.needsPhotos,
  };
}

/** `view` with the filter bar's state in it (the year in time unchanged). */
export function withFilters(view: ExploreView, filters: FiltersState): ExploreView {
  return {
    ...view,
    styles: [...new Set(filters.selectedArchitecturalStyles)].sort((a, b) => a - b),
    builtAfter: filters.builtAfterDate,
    builtBefore: filters.builtBeforeDate,
    needsPhotos: filters.needsPhotos,
  };
}

/** True when two views filter the same buildings. */
export function sameFilters(a: ExploreView, b: ExploreView): boolean {
  return (
    a.styles.join(',') === b.styles.join(',') &&
    a.builtAfter === b.builtAfter &&
    a.builtBefore === b.builtBefore &&
    a.standingInYear === b.standingInYear &&
    a.needsPhotos === b.needsPhotos
  );
}
