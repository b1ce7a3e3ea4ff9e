/**
 * What the maps need to know, up front, about the streets of the operator's Protomaps archive
 * (BASEMAP_PMTILES): whether the server has one and where, and how the map style names it. The
 * style itself and the archive reader (streets-layers.ts, ≈ 12 KB brotli) are loaded only when the
 * page names an archive, and create-map.ts adds the streets to a map once they are in: a site
 * without an archive downloads none of it.
 */
import type { Map as MapLibreMap, MapOptions } from 'maplibre-gl';
import { BASEMAP_STREETS_META } from '#domain/streets-basemap';
import type { ColorScheme } from '../color-scheme.ts';

export const STREETS_SOURCE_ID = 'streets';
/** Every streets layer's id starts so, apart from the app's own layers ('buildings', …). */
export const STREETS_LAYER_PREFIX = 'streets-';
/** Style metadata keys buildMapStyle writes for createMap: the archive's path and the theme. */
export const STREETS_ARCHIVE_KEY = 'atlas:streets-archive';
export const STYLE_SCHEME_KEY = 'atlas:color-scheme';

/**
 * The path of the streets archive this server serves, from the meta tag it writes into every page
 * (server/modules/pages); '' when it has none (BASEMAP_PMTILES unset, or Vite's dev server).
 */
export function servedStreetsArchive(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>(`meta[name="${BASEMAP_STREETS_META}"]`)?.content ?? '';
}

/** The archive a style asks createMap to add streets from, and the theme it was built for. */
export function streetsOfStyle(
  style: MapOptionsStyle,
): { archive: string; colorScheme: ColorScheme } | undefined {
  if (typeof style !== 'object' || !style) return undefined;
  const metadata = style.metadata as Record<string, unknown> | undefined;
  const archive = metadata?.[STREETS_ARCHIVE_KEY];
  if (typeof archive !== 'string' || !archive) return undefined;
  return { archive, colorScheme: metadata?.[STYLE_SCHEME_KEY] === 'dark' ? 'dark' : 'light' };
}
type MapOptionsStyle = MapOptions['style'];

/** Each map's theme as last applied (applyMapScheme), for streets added after a switch. */
const appliedScheme = new WeakMap<MapLibreMap, ColorScheme>();
export function rememberScheme(map: MapLibreMap, colorScheme: ColorScheme): void {
  appliedScheme.set(map, colorScheme);
}
export function currentScheme(map: MapLibreMap, fallback: ColorScheme): ColorScheme {
  return appliedScheme.get(map) ?? fallback;
}
