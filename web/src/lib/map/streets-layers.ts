/**
 * The streets drawn from the operator's Protomaps archive (BASEMAP_PMTILES), in Protomaps' own
 * light and dark styles (`@protomaps/basemaps`), made to work with nothing from outside the origin.
 * Loaded by create-map.ts only when the page names an archive (streets-style.ts).
 * - the archive is read by byte ranges from this server (`pmtiles://` + our URL; the protocol is
 *   registered here, before the first streets source is added);
 * - labels are drawn from the browser's fonts, as the offline basemap's are (no `glyphs` URL:
 *   MapLibre rasterises Noto Sans where it is installed, else the system sans-serif);
 * - there is no sprite, so the style's icons are left out: layers that are only icons (one-way
 *   arrows, road shields) are dropped, and the others (points of interest, town dots) keep their text.
 * Decision: docs/decisions/2026-11-27-streets-from-an-operator-protomaps-archive.md.
 */
import { addProtocol, type Map as MapLibreMap } from 'maplibre-gl';
import { layers as protomapsLayers, namedFlavor, type Flavor } from '@protomaps/basemaps';
import { Protocol } from 'pmtiles';
import { STREETS_ATTRIBUTION, STREETS_MIN_ZOOM } from '#domain/streets-basemap';
import type { ColorScheme } from '../color-scheme.ts';
import type { MapStyle } from './map-style.ts';
import { STREETS_LAYER_PREFIX, STREETS_SOURCE_ID, currentScheme } from './streets-style.ts';

type LayerSpec = MapStyle['layers'][number];
type PaintProperty = Parameters<MapLibreMap['setPaintProperty']>[1];
type PaintValue = Parameters<MapLibreMap['setPaintProperty']>[2];

/** Layers that draw nothing but sprite icons. */
const ICON_ONLY_LAYERS = new Set(['roads_oneway', 'roads_shields']);
/** Layout properties that only mean something with an icon. */
const ICON_LAYOUT = /^icon-/;
/** The style's language: names in English where the data has them, else the local name. */
const LANG = 'en';

// Once for the page: MapLibre reads `pmtiles://` URLs through it.
addProtocol('pmtiles', new Protocol().tile);

/** Protomaps' flavour for a theme, with the fonts named as the browser knows them. */
function flavor(colorScheme: ColorScheme): Flavor {
  return {
    ...namedFlavor(colorScheme),
    regular: 'Noto Sans Regular',
    bold: 'Noto Sans Medium',
    italic: 'Noto Sans Italic',
  };
}

/**
 * The source: the archive read by byte ranges from this origin; its zooms and bounds come from the
 * archive's header (the protocol's TileJSON), so nothing is asked for where it has no tiles.
 */
export function streetsSource(archivePath: string, origin: string): MapStyle['sources'][string] {
  return {
    type: 'vector',
    url: `pmtiles://${origin}${archivePath}`,
    // Ours wins over the archive's metadata: the credit is shown whatever the archive says.
    attribution: STREETS_ATTRIBUTION,
  };
}

/** Protomaps' layers for a theme, on the streets source, without its background, sprite icons or ids that could clash. */
export function streetsLayers(colorScheme: ColorScheme): LayerSpec[] {
  const result: LayerSpec[] = [];
  for (const layer of protomapsLayers(STREETS_SOURCE_ID, flavor(colorScheme), { lang: LANG })) {
    // The offline basemap's background and land stay beneath, where the archive has no data.
    if (layer.type === 'background' || ICON_ONLY_LAYERS.has(layer.id)) continue;
    // Drawn from STREETS_MIN_ZOOM on (no tile is read below: no layer of the source shows there).
    const spec = {
      ...layer,
      id: `${STREETS_LAYER_PREFIX}${layer.id}`,
      minzoom: Math.max(layer.minzoom ?? 0, STREETS_MIN_ZOOM),
    } as LayerSpec;
    if (spec.type === 'symbol' && spec.layout) {
      spec.layout = Object.fromEntries(Object.entries(spec.layout).filter(([key]) => !ICON_LAYOUT.test(key)));
    }
    result.push(spec);
  }
  return result;
}

/** Recolours the streets layers of a map in place for another theme (the other layers are left). */
export function applyStreetsScheme(map: MapLibreMap, colorScheme: ColorScheme): void {
  for (const layer of streetsLayers(colorScheme)) {
    if (!('paint' in layer) || !layer.paint || !map.getLayer(layer.id)) continue;
    for (const [prop, value] of Object.entries(layer.paint as Record<string, PaintValue>))
      map.setPaintProperty(layer.id, prop as PaintProperty, value);
  }
}

/** The first layer of the app's own (markers, clusters), which the streets go beneath. */
function firstAppLayer(map: MapLibreMap): string | undefined {
  return map
    .getStyle()
    .layers.find(
      (l) =>
        l.type !== 'background' && !l.id.startsWith('basemap-') && !l.id.startsWith(STREETS_LAYER_PREFIX),
    )?.id;
}

/**
 * Adds the streets to a map whose style is loaded, over the offline basemap and beneath the app's
 * layers, in the theme last applied to it (`fallback`: the one its style was built for).
 */
export function addStreets(map: MapLibreMap, archivePath: string, fallback: ColorScheme): void {
  if (map.getSource(STREETS_SOURCE_ID)) return;
  map.addSource(STREETS_SOURCE_ID, streetsSource(archivePath, window.location.origin));
  const before = firstAppLayer(map);
  for (const layer of streetsLayers(currentScheme(map, fallback))) map.addLayer(layer, before);
}
