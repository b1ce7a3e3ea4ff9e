/**
 * The explore view in the URL, so that a copied link opens the same view and Back steps through
 * what the user did: `?styles=3,7&builtAfter=1900&builtBefore=1950&standingInYear=1935&needsPhotos=1&map=12/48.8566/2.3522`
 * on / and on /buildings/{id}. Pure: reading forgives (an invalid value is ignored, an
 * out-of-range year clamped), writing gives the one canonical form, and reading what was written
 * gives back the same view. The filters are here, in the explore screen's first bundle (small,
 * no zod); the map's position (`map=zoom/lat/lng`) is read exactly and written by the map's lazily
 * loaded module (camera-url.ts).
 */
import { STANDING_YEAR_PARAM } from '#domain/pages';
import { parseFilterYear, type FiltersState } from './filters.ts';
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

/** The map's camera: `zoom/lat/lng` in the URL. */
export interface MapCamera {
  zoom: number;
  lat: number;
  lng: number;
}

/**
 * The filters of the explore view the URL holds: the filter bar's state (an end year in the URL
 * counts as one the user set) and the time slider's year.
 */
export interface ExploreView extends FiltersState {
  standingInYear: number | null;
}

/** Largest id a PostgreSQL `integer` column holds (domain/query-params.ts ID_MAX, which imports zod). */
const ID_MAX = 2147483647;

/** Style ids, each once, ascending, as many as the API takes (200); what is not an id is left out. */
const sortedIds = (ids: number[]) =>
  [...new Set(ids.filter((id) => id > 0 && id <= ID_MAX))].sort((a, b) => a - b).slice(0, 200);

/** A 'Built between' year as the year boxes read one: clamped to -10000..the current year; else null. */
const parseYear = (param: string | null, now: Date) => parseFilterYear(param ?? '', now);

/** The explore view a URL's query holds (`?` optional); what cannot be read is left out. */
export function parseExploreView(search: string | URLSearchParams, now: Date = new Date()): ExploreView {
  const q = new URLSearchParams(search);
  const styles = q.get(EXPLORE_PARAMS.styles)?.split(',') ?? [];
  const start = parseYear(q.get(EXPLORE_PARAMS.builtAfter), now);
  const end = parseYear(q.get(EXPLORE_PARAMS.builtBefore), now);
  const needs = q.get(EXPLORE_PARAMS.needsPhotos);
  return {
    selectedArchitecturalStyles: sortedIds(styles.filter((s) => /^\d+$/.test(s)).map(Number)),
    builtAfterDate: start,
    // Product §5: the end year is never before the start year.
    builtBeforeDate: start !== null && end !== null && start > end ? start : end,
    endYearTouched: end !== null,
    standingInYear: parseStandingYear(q.get(EXPLORE_PARAMS.standingInYear), now),
    needsPhotos: needs === '1' || needs === 'true',
  };
}

/**
 * The query (`?…`, or '' when empty) of `view`: the parameters of `base` that are not the
 * explore view's (kept as they were), then each filter only when set, in EXPLORE_PARAMS' order,
 * then the map's position from `base` (or `map` when given: camera-url.ts writes it). Commas
 * and slashes stay readable (RFC 3986 allows both in a query).
 */
export function exploreSearch(view: ExploreView, base: string | URLSearchParams = '', map?: string): string {
  const q = new URLSearchParams(base);
  const values = [
    sortedIds(view.selectedArchitecturalStyles).join(','),
    view.builtAfterDate,
    view.builtBeforeDate,
    view.standingInYear,
    view.needsPhotos ? 1 : null,
    map ?? q.get(EXPLORE_PARAMS.map),
  ];
  const parts = [];
  Object.values(EXPLORE_PARAMS).forEach((name, i) => {
    q.delete(name);
    const value = values[i] ?? '';
    if (value !== '') {
      parts.push(`${name}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%2F/g, '/')}`);
    }
  });
  parts.unshift(q.toString());
  const text = parts.filter(Boolean).join('&');
  return text ? `?${text}` : '';
}

/** True when two views filter the same buildings (they write the same query). */
export const sameFilters = (a: ExploreView, b: ExploreView) => exploreSearch(a) === exploreSearch(b);
