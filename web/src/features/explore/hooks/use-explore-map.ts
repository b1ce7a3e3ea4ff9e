import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Map as MapLibreMap } from 'maplibre-gl';
import { MAP_START_CENTER, MAP_START_ZOOM } from '#domain/constants';
import type { ColorScheme } from '../../../lib/color-scheme.ts';
import { buildMapStyle } from '../../../lib/map/map-style.ts';
import { BUILDINGS_SOURCE_ID, addBuildingsLayer, applyColorScheme } from '../lib/buildings-layer.ts';
import { exposeMap, forgetMap, setMapIdle } from '../lib/test-hooks.ts';

export interface ExploreMapState {
  /** The map once its style and the buildings layer are in place; null before. */
  map: MapLibreMap | null;
  /** WebGL could not start. */
  failed: boolean;
}

export interface ExploreMap extends ExploreMapState {
  /** Call after putting new buildings data on the map: the idle test hook waits for it. */
  markBuildingsDataSet: () => void;
}

/**
 * Creates the MapLibre map once for the container and keeps it for the component's life.
 * A theme change recolours it in place.
 */
export function useExploreMap(
  container: RefObject<HTMLDivElement | null>,
  colorScheme: ColorScheme,
): ExploreMap {
  const [state, setState] = useState<ExploreMapState>({ map: null, failed: false });
  const initialScheme = useRef(colorScheme);
  const buildingsDataSet = useRef(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: buildMapStyle(initialScheme.current),
        center: [MAP_START_CENTER[0], MAP_START_CENTER[1]],
        zoom: MAP_START_ZOOM,
        attributionControl: { compact: true },
      });
    } catch (error) {
      console.error('The map could not start', error);
      // The constructor is the external system here: its failure (no WebGL) is known only now.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState({ map: null, failed: true });
      return;
    }
    buildingsDataSet.current = false;
    setMapIdle(false);
    map.on('sourcedata', (event) => {
      if (event.sourceId === BUILDINGS_SOURCE_ID) setMapIdle(false);
    });
    map.on('idle', () => {
      if (buildingsDataSet.current) setMapIdle(true);
    });
    map.on('load', () => {
      addBuildingsLayer(map, initialScheme.current);
      exposeMap(map);
      setState({ map, failed: false });
    });
    return () => {
      forgetMap(map);
      map.remove();
      setState({ map: null, failed: false });
    };
  }, [container]);

  useEffect(() => {
    if (!state.map) return;
    applyColorScheme(state.map, colorScheme);
  }, [state.map, colorScheme]);

  const markBuildingsDataSet = useCallback(() => {
    buildingsDataSet.current = true;
    setMapIdle(false);
  }, []);

  return { ...state, markBuildingsDataSet };
}
