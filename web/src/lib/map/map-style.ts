import type { MapOptions } from 'maplibre-gl';
import type { ColorScheme } from '../color-scheme.ts';

export type { ColorScheme };

/** The style object MapLibre accepts (the style-spec type is not re-exported by maplibre-gl). */
export type MapStyle = Exclude<MapOptions['style'], string | undefined>;

/** Raster tiles to draw under the buildings; none are configured while there is no tile service. */
export interface TileSource {
  tiles: string[];
  attribution: string;
  tileSize?: number;
  maxzoom?: number;
}

export const BACKGROUND_LAYER_ID = 'background';
export const BASEMAP_SOURCE_ID = 'basemap';

export const MAP_BACKGROUND_COLOR: Record<ColorScheme, string> = {
  light: '#dfe8ee',
  dark: '#14181f',
};

/**
 * The base style: a plain background coloured by theme, with optional raster tiles per theme
 * (spec: a different dark style in the dark theme). Needs no glyphs or sprites.
 */
export function buildMapStyle(
  colorScheme: ColorScheme,
  tiles?: Partial<Record<ColorScheme, TileSource>>,
): MapStyle {
  const tileSource = tiles?.[colorScheme];
  const style: MapStyle = {
    version: 8,
    sources: {},
    layers: [
      {
        id: BACKGROUND_LAYER_ID,
        type: 'background',
        paint: { 'background-color': MAP_BACKGROUND_COLOR[colorScheme] },
      },
    ],
  };
  if (tileSource) {
    style.sources[BASEMAP_SOURCE_ID] = {
      type: 'raster',
      tiles: tileSource.tiles,
      tileSize: tileSource.tileSize ?? 256,
      maxzoom: tileSource.maxzoom ?? 19,
      attribution: tileSource.attribution,
    };
    style.layers.push({ id: BASEMAP_SOURCE_ID, type: 'raster', source: BASEMAP_SOURCE_ID });
  }
  return style;
}
