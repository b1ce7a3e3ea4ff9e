import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { BuildingFeatureCollection } from '#domain/buildings';
import { MARKER_COLOR_DARK, MARKER_COLOR_LIGHT } from '#domain/constants';
import type { ColorScheme } from '../../../lib/color-scheme.ts';
import { BACKGROUND_LAYER_ID, MAP_BACKGROUND_COLOR } from '../../../lib/map/map-style.ts';

export const BUILDINGS_SOURCE_ID = 'buildings';
export const BUILDINGS_LAYER_ID = 'buildings';
export const MARKER_RADIUS_PX = 7;

/** Spec section 4: markers are blue in the light theme, cyan in the dark one. */
export const MARKER_COLOR: Record<ColorScheme, string> = {
  light: MARKER_COLOR_LIGHT,
  dark: MARKER_COLOR_DARK,
};

const MARKER_STROKE_COLOR: Record<ColorScheme, string> = { light: '#ffffff', dark: '#0b1016' };

const EMPTY: BuildingFeatureCollection = { type: 'FeatureCollection', features: [], truncated: false };

/** Adds the empty 'buildings' source and its circle layer; call once the style has loaded. */
export function addBuildingsLayer(map: MapLibreMap, colorScheme: ColorScheme): void {
  map.addSource(BUILDINGS_SOURCE_ID, { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: BUILDINGS_LAYER_ID,
    type: 'circle',
    source: BUILDINGS_SOURCE_ID,
    paint: {
      'circle-radius': MARKER_RADIUS_PX,
      'circle-color': MARKER_COLOR[colorScheme],
      'circle-stroke-width': 1.5,
      'circle-stroke-color': MARKER_STROKE_COLOR[colorScheme],
    },
  });
}

export function setBuildingsData(map: MapLibreMap, data: BuildingFeatureCollection): void {
  const source = map.getSource<GeoJSONSource>(BUILDINGS_SOURCE_ID);
  source?.setData(data).catch((error: unknown) => console.error('Could not draw the buildings', error));
}

/** Recolours background and markers in place: the map is not recreated on a theme change. */
export function applyColorScheme(map: MapLibreMap, colorScheme: ColorScheme): void {
  if (map.getLayer(BACKGROUND_LAYER_ID)) {
    map.setPaintProperty(BACKGROUND_LAYER_ID, 'background-color', MAP_BACKGROUND_COLOR[colorScheme]);
  }
  if (map.getLayer(BUILDINGS_LAYER_ID)) {
    map.setPaintProperty(BUILDINGS_LAYER_ID, 'circle-color', MARKER_COLOR[colorScheme]);
    map.setPaintProperty(BUILDINGS_LAYER_ID, 'circle-stroke-color', MARKER_STROKE_COLOR[colorScheme]);
  }
}
