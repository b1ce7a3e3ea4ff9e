/**
 * The map's position in the explore URL: `map=zoom/lat/lng`, e.g. `map=12/48.8566/2.3522`. Only
 * the map's lazily loaded module uses this (the filters are in url-state.ts, in the first bundle).
 * Reading clamps the zoom (0..22) and latitude (Web Mercator's) and wraps the longitude; writing
 * rounds the coordinates to about a screen pixel at the zoom, so that a small move writes nothing.
 */
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '#domain/map-grid';
import { EXPLORE_PARAMS, exploreSearch, parseExploreView, type MapCamera } from './url-state.ts';

/** Web Mercator's latitude limit: the map shows nothing beyond it. */
const LAT_MAX = 85.0511;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Longitude wrapped into -180..180 (a panned map may report 200 for -160). */
function wrapLng(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/** `zoom/lat/lng`: three numbers, zoom and latitude clamped, longitude wrapped; else null. */
export function parseCamera(param: string | null): MapCamera | null {
  if (!param) return null;
  const parts = param.split('/');
  if (parts.length !== 3 || !parts.every((p) => NUMBER.test(p.trim()))) return null;
  const [zoom, lat, lng] = parts.map(Number) as [number, number, number];
  if (![zoom, lat, lng].every(Number.isFinite)) return null;
  return normalizeCamera({ zoom, lat, lng });
}

/** Decimals of a coordinate at a zoom: about one screen pixel (4 at zoom 12, 5 at 16). */
export function cameraDecimals(zoom: number): number {
  return clamp(Math.ceil(zoom * Math.log10(2)), 2, 6);
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  // `|| 0` turns -0 into 0.
  return Math.round(v * f) / f || 0;
};

/** A camera as the URL writes it: zoom to 2 decimals, coordinates to about a pixel, in range. */
export function normalizeCamera(c: MapCamera): MapCamera {
  const zoom = round(clamp(c.zoom, MAP_ZOOM_MIN, MAP_ZOOM_MAX), 2);
  const decimals = cameraDecimals(zoom);
  return {
    zoom,
    lat: round(clamp(c.lat, -LAT_MAX, LAT_MAX), decimals),
    lng: round(wrapLng(c.lng), decimals),
  };
}

export function formatCamera(c: MapCamera): string {
  const n = normalizeCamera(c);
  return `${n.zoom}/${n.lat}/${n.lng}`;
}

/** The map's position a URL's query holds, or null. */
export function cameraOf(search: string): MapCamera | null {
  return parseCamera(new URLSearchParams(search).get(EXPLORE_PARAMS.map));
}

/** `search` with the map at `camera` (the filters and other parameters kept, in canonical order). */
export function withCamera(search: string, camera: MapCamera): string {
  return exploreSearch(parseExploreView(search), search, formatCamera(camera));
}
