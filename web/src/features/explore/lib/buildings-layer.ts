import type { AddLayerObject, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { MARKER_COLOR_DARK, MARKER_COLOR_LIGHT } from '#domain/constants';
import type { ColorScheme } from '../../../lib/color-scheme.ts';
import type { ClusterCollection, PointCollection } from '../model/map-data.ts';

export const BUILDINGS_SOURCE_ID = 'buildings';
/** One circle per building (product §4: blue in the light theme, cyan in the dark one). */
export const BUILDINGS_LAYER_ID = 'buildings';
/** The hovered and selected buildings again, purple or pink, drawn above all other markers. */
export const HIGHLIGHT_LAYER_ID = 'buildings-highlight';
export const CLUSTERS_SOURCE_ID = 'building-clusters';
/** Server clusters: one circle per cell, sized by its count. */
export const CLUSTERS_LAYER_ID = 'building-clusters';

export const MARKER_RADIUS_PX = 7;
export const HIGHLIGHT_RADIUS_PX = 9;
/** Feature-state key set on the hovered and selected buildings. */
export const HIGHLIGHT_STATE = 'highlighted';

/** Product §4: markers are blue in the light theme, cyan in the dark one. */
export const MARKER_COLOR: Record<ColorScheme, string> = {
  light: MARKER_COLOR_LIGHT,
  dark: MARKER_COLOR_DARK,
};

/** Product §4: the selected or hovered building is purple (light theme) or pink (dark theme). */
export const HIGHLIGHT_COLOR: Record<ColorScheme, string> = {
  light: '#8e44ad',
  dark: '#ff4fd8',
};

const MARKER_STROKE_COLOR: Record<ColorScheme, string> = { light: '#ffffff', dark: '#0b1016' };

const EMPTY = { type: 'FeatureCollection' as const, features: [] };

// The style-spec types are not re-exported by maplibre-gl; take them from the API that uses them.
type FilterSpecification = NonNullable<Parameters<MapLibreMap['setFilter']>[1]>;
type CirclePaint = NonNullable<Extract<AddLayerObject, { type: 'circle' }>['paint']>;

/** A filter matching no building: the highlight layer starts empty. */
export function highlightFilter(ids: readonly number[]): FilterSpecification {
  return ['in', ['get', 'id'], ['literal', [...ids]]];
}

/** Circle radius by cluster size: a bigger count draws a bigger circle (area grows with the log of the count). */
export const CLUSTER_RADIUS_EXPRESSION: CirclePaint['circle-radius'] = [
  'interpolate',
  ['linear'],
  ['ln', ['max', 1, ['get', 'point_count']]],
  0,
  12,
  Math.log(10),
  16,
  Math.log(100),
  22,
  Math.log(1000),
  28,
  Math.log(100000),
  40,
];

/** Adds the empty sources and their layers; call once the style has loaded. */
export function addBuildingsLayers(map: MapLibreMap, colorScheme: ColorScheme): void {
  map.addSource(CLUSTERS_SOURCE_ID, { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: CLUSTERS_LAYER_ID,
    type: 'circle',
    source: CLUSTERS_SOURCE_ID,
    paint: {
      'circle-radius': CLUSTER_RADIUS_EXPRESSION,
      'circle-color': MARKER_COLOR[colorScheme],
      'circle-opacity': 0.75,
      'circle-stroke-width': 2,
      'circle-stroke-color': MARKER_STROKE_COLOR[colorScheme],
    },
  });

  // promoteId: feature-state is keyed by the building id.
  map.addSource(BUILDINGS_SOURCE_ID, { type: 'geojson', data: EMPTY, promoteId: 'id' });
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
  map.addLayer({
    id: HIGHLIGHT_LAYER_ID,
    type: 'circle',
    source: BUILDINGS_SOURCE_ID,
    filter: highlightFilter([]),
    paint: {
      'circle-radius': HIGHLIGHT_RADIUS_PX,
      'circle-color': HIGHLIGHT_COLOR[colorScheme],
      'circle-stroke-width': 2,
      'circle-stroke-color': MARKER_STROKE_COLOR[colorScheme],
    },
  });
}

function setSourceData(map: MapLibreMap, sourceId: string, data: PointCollection | ClusterCollection): void {
  const source = map.getSource<GeoJSONSource>(sourceId);
  source?.setData(data).catch((error: unknown) => console.error('Could not draw the buildings', error));
}

export function setBuildingsData(
  map: MapLibreMap,
  points: PointCollection,
  clusters: ClusterCollection,
): void {
  setSourceData(map, BUILDINGS_SOURCE_ID, points);
  setSourceData(map, CLUSTERS_SOURCE_ID, clusters);
}

/**
 * Marks the hovered and selected buildings: a feature-state on the marker, and the highlight layer
 * above every other marker (feature-state cannot change draw order). Returns the ids now marked.
 */
export function setHighlightedBuildings(
  map: MapLibreMap,
  ids: readonly number[],
  previous: readonly number[],
): readonly number[] {
  for (const id of previous) {
    if (!ids.includes(id)) map.removeFeatureState({ source: BUILDINGS_SOURCE_ID, id }, HIGHLIGHT_STATE);
  }
  for (const id of ids) map.setFeatureState({ source: BUILDINGS_SOURCE_ID, id }, { [HIGHLIGHT_STATE]: true });
  if (map.getLayer(HIGHLIGHT_LAYER_ID)) map.setFilter(HIGHLIGHT_LAYER_ID, highlightFilter(ids));
  return ids;
}

/** Recolours background and markers in place: the map is not recreated on a theme change. */
export function applyColorScheme(map: MapLibreMap, colorScheme: ColorScheme): void {
  const stroke = MARKER_STROKE_COLOR[colorScheme];
  for (const [layer, color] of [
    [BUILDINGS_LAYER_ID, MARKER_COLOR[colorScheme]],
    [CLUSTERS_LAYER_ID, MARKER_COLOR[colorScheme]],
    [HIGHLIGHT_LAYER_ID, HIGHLIGHT_COLOR[colorScheme]],
  ] as const) {
    if (!map.getLayer(layer)) continue;
    map.setPaintProperty(layer, 'circle-color', color);
    map.setPaintProperty(layer, 'circle-stroke-color', stroke);
  }
}
