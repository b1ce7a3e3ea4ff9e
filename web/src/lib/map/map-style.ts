import type { Map as MapLibreMap, MapOptions, RasterTileSource } from 'maplibre-gl';
import {
  BASEMAP_ATTRIBUTION,
  BASEMAP_BOUNDS,
  BASEMAP_MAX_ZOOM,
  BASEMAP_TILEJSON_PATH,
  BASEMAP_VERSION_META,
  basemapTilePath,
} from '#domain/basemap';
import { STREETS_MIN_ZOOM } from '#domain/streets-basemap';
import { BASEMAP_PALETTE, MAP_BACKGROUND_COLOR } from '#domain/map-palette';
import type { ColorScheme } from '../color-scheme.ts';
import {
  STREETS_ARCHIVE_KEY,
  STREETS_SOURCE_ID,
  STYLE_SCHEME_KEY,
  rememberScheme,
  servedStreetsArchive,
} from './streets-style.ts';

export type { ColorScheme };

/** The style object MapLibre accepts (the style-spec type is not re-exported by maplibre-gl). */
export type MapStyle = Exclude<MapOptions['style'], string | undefined>;
type LayerSpec = MapStyle['layers'][number];
type PaintProperty = Parameters<MapLibreMap['setPaintProperty']>[1];

/** Raster tiles to draw under the buildings, from a configured tile service. */
export interface TileSource {
  tiles: string[];
  attribution: string;
  tileSize?: number;
  maxzoom?: number;
}

export const BACKGROUND_LAYER_ID = 'background';
/** The basemap's source: the configured raster tiles, or the product's own vector tiles. */
export const BASEMAP_SOURCE_ID = 'basemap';
/** Where the last version a page named is kept, for a page that names none (offline, below). */
export const BASEMAP_VERSION_STORAGE_KEY = 'atlas-basemap-version';

/**
 * The version of the offline basemap the server has, from the meta tag it writes into the page
 * (server/modules/pages); '' without one (no archive built, or the page came from Vite's dev server).
 * A page opened offline is the service worker's copy of the bare app (vite.config.ts), which names
 * no version: the last one a page named is used then, so the map asks for the tiles it saw, which
 * the worker keeps.
 */
export function servedBasemapVersion(): string {
  if (typeof document === 'undefined') return '';
  const named =
    document.querySelector<HTMLMetaElement>(`meta[name="${BASEMAP_VERSION_META}"]`)?.content ?? '';
  try {
    if (named) window.localStorage.setItem(BASEMAP_VERSION_STORAGE_KEY, named);
    else if (!navigator.onLine) return window.localStorage.getItem(BASEMAP_VERSION_STORAGE_KEY) ?? '';
  } catch {
    // Storage refused (private mode, quota): the page's version alone, as before.
  }
  return named;
}
/**
 * Labels are drawn by MapLibre from the browser's own fonts (no `glyphs` URL, no font file to
 * fetch before the first labels: measured faster than shipping Noto Sans as `font-faces`).
 */
const FONT = 'Noto Sans';

// The palette lives in domain/ so the server's locator pictures draw the same land and water.
export { BASEMAP_PALETTE, MAP_BACKGROUND_COLOR } from '#domain/map-palette';

/** Paint properties by layer that change with the theme (applied again on a theme switch). */
export function themedPaint(colorScheme: ColorScheme): Record<string, Record<string, string>> {
  const p = BASEMAP_PALETTE[colorScheme];
  return {
    [BACKGROUND_LAYER_ID]: { 'background-color': p.water },
    'basemap-land': { 'fill-color': p.land },
    'basemap-lake': { 'fill-color': p.water },
    'basemap-river': { 'line-color': p.river },
    'basemap-coastline': { 'line-color': p.coastline },
    'basemap-border': { 'line-color': p.border },
    'basemap-country-label': { 'text-color': p.countryLabel, 'text-halo-color': p.halo },
    'basemap-place-label': { 'text-color': p.placeLabel, 'text-halo-color': p.halo },
  };
}

/**
 * The vector basemap's layers (source-layers of scripts/basemap/generate.ts), in drawing order.
 * With streets drawn over it, its labels stop where the streets start (the streets name places).
 */
function vectorLayers(colorScheme: ColorScheme, withStreets = false): LayerSpec[] {
  const labelsUntil = withStreets ? { maxzoom: STREETS_MIN_ZOOM } : {};
  const paint = themedPaint(colorScheme);
  const source = BASEMAP_SOURCE_ID;
  return [
    // No anti-aliased outline on land and lakes: the coastline line draws the land's edge, a lake's
    // edge is water on land in two near tones, and the outline is one more GPU pipeline and pass
    // in every frame (the first drawn map ≈ 80 ms sooner: bench/README.md, 2026-11-26).
    {
      id: 'basemap-land',
      type: 'fill',
      source,
      'source-layer': 'land',
      paint: { ...paint['basemap-land'], 'fill-antialias': false },
    },
    {
      id: 'basemap-lake',
      type: 'fill',
      source,
      'source-layer': 'lake',
      paint: { ...paint['basemap-lake'], 'fill-antialias': false },
    },
    {
      id: 'basemap-river',
      type: 'line',
      source,
      'source-layer': 'river',
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: {
        ...paint['basemap-river'],
        'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.5, 14, 3],
      },
    },
    {
      id: 'basemap-coastline',
      type: 'line',
      source,
      'source-layer': 'coastline',
      // Coastlines and borders are at most 2 px wide: round joins would look the same and cost
      // the worker more vertices (mitred joins are the default).
      paint: {
        ...paint['basemap-coastline'],
        'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.5, 8, 1.2],
      },
    },
    {
      id: 'basemap-border',
      type: 'line',
      source,
      'source-layer': 'border',
      paint: {
        ...paint['basemap-border'],
        'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.5, 6, 1.2, 12, 2],
      },
    },
    {
      id: 'basemap-country-label',
      type: 'symbol',
      source,
      'source-layer': 'country_label',
      maxzoom: withStreets ? STREETS_MIN_ZOOM : 9,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [FONT],
        'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 6, 15],
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.08,
        'text-max-width': 7,
      },
      paint: { ...paint['basemap-country-label'], 'text-halo-width': 1.2 },
    },
    {
      id: 'basemap-place-label',
      type: 'symbol',
      source,
      'source-layer': 'place',
      ...labelsUntil,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [FONT],
        // Bigger places are drawn larger and placed first (rank: the zoom a place appears at).
        'text-size': [
          'interpolate',
          ['linear'],
          ['zoom'],
          2,
          ['-', 14, ['get', 'rank']],
          10,
          ['-', 19, ['get', 'rank']],
        ],
        'symbol-sort-key': ['-', ['get', 'population']],
        'text-max-width': 8,
        'text-padding': 4,
      },
      paint: { ...paint['basemap-place-label'], 'text-halo-width': 1.4 },
    },
  ];
}

/** An absolute URL on this origin (MapLibre's worker cannot resolve relative ones). */
function sameOrigin(path: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}${path}`;
}

/**
 * The offline basemap's source. Its tiles are named in the style when the version is known, so
 * the map asks for them as soon as the style is parsed: reading the TileJSON first cost the first
 * drawn map ≈ 200 ms (`npm run bench:map`, docs/decisions/2026-11-25-basemap-tiles-named-in-the-page.md).
 * Without a version (a page that does not name one) the server's TileJSON names them.
 */
function basemapSource(version: string): MapStyle['sources'][string] {
  if (!version) return { type: 'vector', url: sameOrigin(BASEMAP_TILEJSON_PATH) };
  return {
    type: 'vector',
    tiles: [sameOrigin(basemapTilePath(version))],
    minzoom: 0,
    maxzoom: BASEMAP_MAX_ZOOM,
    bounds: BASEMAP_BOUNDS,
    attribution: BASEMAP_ATTRIBUTION,
  };
}

/**
 * The closest zoom worth fitting a map to: with a tile service or the streets archive, street
 * level (`detailed`); on the offline basemap alone (data to zoom 6, drawn overzoomed) one step
 * past its data, where coastlines, borders and city names still give the place a setting; closer
 * in it is a plain land colour.
 */
export function fitMaxZoom(
  colorScheme: ColorScheme,
  tiles: Partial<Record<ColorScheme, TileSource>> | undefined,
  detailed: number,
  streetsArchive: string = servedStreetsArchive(),
): number {
  return tiles?.[colorScheme] || streetsArchive ? detailed : Math.min(detailed, BASEMAP_MAX_ZOOM + 1);
}

/**
 * The map's base style. With a configured tile service (VITE_TILE_URL_*), its raster tiles for the
 * theme; otherwise the product's offline world basemap (vector tiles served same-origin, light or
 * dark palette; `basemapVersion` is the archive's, the page's by default), with the streets of the
 * operator's Protomaps archive over it from zoom STREETS_MIN_ZOOM when the server has one
 * (`streetsArchive`: its path, the page's by default; named in the style's metadata, createMap adds
 * them). Text is drawn with local fonts (no glyph server).
 */
export function buildMapStyle(
  colorScheme: ColorScheme,
  tiles?: Partial<Record<ColorScheme, TileSource>>,
  basemapVersion: string = servedBasemapVersion(),
  streetsArchive: string = servedStreetsArchive(),
): MapStyle {
  const tileSource = tiles?.[colorScheme];
  const background: LayerSpec = {
    id: BACKGROUND_LAYER_ID,
    type: 'background',
    paint: { 'background-color': MAP_BACKGROUND_COLOR[colorScheme] },
  };
  if (tileSource) {
    return {
      version: 8,
      sources: {
        [BASEMAP_SOURCE_ID]: {
          type: 'raster',
          tiles: tileSource.tiles,
          tileSize: tileSource.tileSize ?? 256,
          maxzoom: tileSource.maxzoom ?? 19,
          attribution: tileSource.attribution,
        },
      },
      layers: [background, { id: BASEMAP_SOURCE_ID, type: 'raster', source: BASEMAP_SOURCE_ID }],
    };
  }
  if (streetsArchive) {
    // The streets themselves are added by createMap once their code is in (streets-layers.ts).
    return {
      version: 8,
      metadata: { [STREETS_ARCHIVE_KEY]: streetsArchive, [STYLE_SCHEME_KEY]: colorScheme },
      sources: { [BASEMAP_SOURCE_ID]: basemapSource(basemapVersion) },
      layers: [background, ...vectorLayers(colorScheme, true)],
    };
  }
  return {
    version: 8,
    sources: { [BASEMAP_SOURCE_ID]: basemapSource(basemapVersion) },
    layers: [background, ...vectorLayers(colorScheme)],
  };
}

/**
 * Switches a map drawn with buildMapStyle to another theme in place, without reloading it: the
 * vector basemap and the streets are recoloured, configured raster tiles are swapped. Other layers (the buildings)
 * are left as they are.
 */
export function applyMapScheme(
  map: MapLibreMap,
  colorScheme: ColorScheme,
  tiles?: Partial<Record<ColorScheme, TileSource>>,
): void {
  for (const [layer, props] of Object.entries(themedPaint(colorScheme))) {
    if (!map.getLayer(layer)) continue;
    for (const [prop, value] of Object.entries(props))
      map.setPaintProperty(layer, prop as PaintProperty, value);
  }
  const raster = tiles?.[colorScheme]?.tiles;
  if (raster) map.getSource<RasterTileSource>(BASEMAP_SOURCE_ID)?.setTiles(raster);
  rememberScheme(map, colorScheme);
  if (map.getSource(STREETS_SOURCE_ID)) {
    void import('./streets-layers.ts').then(({ applyStreetsScheme }) => {
      // A later switch has been remembered meanwhile: its own recolouring comes after this one.
      if (map.getSource(STREETS_SOURCE_ID)) applyStreetsScheme(map, colorScheme);
    });
  }
}
