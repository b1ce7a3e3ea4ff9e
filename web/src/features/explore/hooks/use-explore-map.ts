import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ErrorEvent, Map as MapLibreMap } from 'maplibre-gl';
import { createMap } from '../../../lib/map/create-map.ts';
import { BUILDING_FLY_TO_ZOOM, MAP_START_CENTER, MAP_START_ZOOM } from '#domain/constants';
import type { ColorScheme } from '../../../lib/color-scheme.ts';
import { BASEMAP_SOURCE_ID, applyMapScheme, buildMapStyle } from '../../../lib/map/map-style.ts';
import { configuredTileSources } from '../../../lib/map/tile-config.ts';
import type { MapBounds } from '../model/bounds.ts';
import type { MapCamera } from '../model/url-state.ts';
import {
  BUILDINGS_SOURCE_ID,
  CLUSTERS_SOURCE_ID,
  addBuildingsLayers,
  applyColorScheme,
} from '../lib/buildings-layer.ts';
import { exposeMap, forgetMap, setMapIdle } from '../lib/test-hooks.ts';
import { yieldToMain } from '../../../lib/use-map-start.ts';

export interface ExploreMapState {
  /** The map once its style and the buildings layers are in place; null before. */
  map: MapLibreMap | null;
  /** WebGL could not start. */
  failed: boolean;
}

export interface ExploreMap extends ExploreMapState {
  /**
   * Tells the idle test hook whether the buildings drawn are the ones asked for: false while a
   * viewport change waits for its debounce or a fetch runs, true once the answer is on the map.
   */
  setDataSettled: (settled: boolean) => void;
}

interface ExploreMapOptions {
  colorScheme: ColorScheme;
  /** Bounds to open on (saved from the last visit); the product's start view otherwise. */
  initialBounds: MapBounds | null;
  /**
   * [lng, lat] of the building whose page the map opens with (a building link): the map starts
   * there at the fly-to zoom instead of flying from a view nobody saw (docs/decisions).
   */
  initialFocus?: readonly [number, number] | null;
  /** The position a link gave (`?map=`): it wins over the building and the saved bounds. */
  initialCamera?: MapCamera | null;
}

/**
 * The map in the container, at the view it opens on, with the listeners the test hooks and the
 * tile errors need; null when it cannot start (no WebGL).
 */
function startMap(
  element: HTMLDivElement,
  {
    colorScheme,
    initialBounds: bounds,
    initialFocus: focus,
    initialCamera: camera,
  }: Required<ExploreMapOptions>,
  dataSettled: { current: boolean },
): MapLibreMap | null {
  let map: MapLibreMap;
  try {
    map = createMap({
      container: element,
      style: buildMapStyle(colorScheme, configuredTileSources),
      ...(camera
        ? { center: [camera.lng, camera.lat], zoom: camera.zoom }
        : focus
          ? { center: [focus[0], focus[1]], zoom: BUILDING_FLY_TO_ZOOM }
          : bounds
            ? {
                bounds: [
                  [bounds.west, bounds.south],
                  [bounds.east, bounds.north],
                ],
              }
            : { center: [MAP_START_CENTER[0], MAP_START_CENTER[1]], zoom: MAP_START_ZOOM }),
      attributionControl: { compact: true },
      // Basemap labels appear at once instead of fading in over 300 ms: the map is idle (and its
      // buildings count as drawn) that much sooner (bench:map, docs/decisions).
      fadeDuration: 0,
      // Product §2: the wheel zooms only with Ctrl/Cmd; ExploreMap holds other wheels back.
      scrollZoom: true,
    });
  } catch (error) {
    console.error('The map could not start', error);
    return null;
  }
  dataSettled.current = false;
  setMapIdle(false);
  map.on('sourcedata', (event) => {
    if (event.sourceId === BUILDINGS_SOURCE_ID || event.sourceId === CLUSTERS_SOURCE_ID) setMapIdle(false);
  });
  map.on('idle', () => {
    // Not before createMap's own idle mark: the first idle only shows the labels (create-map.ts).
    if (dataSettled.current && map.getContainer().dataset.mapIdle === 'true') setMapIdle(true);
  });
  let tileErrorLogged = false;
  map.on('error', (event: ErrorEvent & { sourceId?: string }) => {
    // Tiles that cannot load leave the plain background under the markers (no internet, a
    // blocked service, a basemap not built): say so once, the map works on.
    if (event.sourceId === BASEMAP_SOURCE_ID) {
      if (!tileErrorLogged) console.warn('Map tiles could not be loaded; showing a plain background.');
      tileErrorLogged = true;
      // A source whose TileJSON failed counts as loaded, but MapLibre draws no new frame for
      // it: without one the map's 'load' (and 'idle') would never come.
      map.triggerRepaint();
      return;
    }
    console.error('Map error', event.error);
  });
  return map;
}

/**
 * Creates the MapLibre map once for the container and keeps it for the component's life.
 * A theme change recolours it in place (the offline basemap's palette, or the configured tiles).
 */
export function useExploreMap(
  container: RefObject<HTMLDivElement | null>,
  { colorScheme, initialBounds, initialFocus = null, initialCamera = null }: ExploreMapOptions,
): ExploreMap {
  const [state, setState] = useState<ExploreMapState>({ map: null, failed: false });
  const initial = useRef<Required<ExploreMapOptions>>({
    colorScheme,
    initialBounds,
    initialFocus,
    initialCamera,
  });
  const dataSettled = useRef(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // The start comes in steps, each a task of its own (yieldToMain between them), so that a
    // phone's main thread answers input between them: React's commit of the map's component, the
    // map (its WebGL context and style), the buildings' layers, then the map handed to React.
    let removed = false;
    let started: MapLibreMap | null = null;
    void yieldToMain().then(() => {
      if (removed) return;
      started = startMap(element, initial.current, dataSettled);
      if (!started) {
        setState({ map: null, failed: true });
        return;
      }
      const map = started;
      // As soon as the style is parsed, not at 'load' (which waits for the basemap's tiles and
      // labels): the buildings are fetched and laid out while the basemap streams in.
      map.once('style.load', () => {
        void yieldToMain()
          .then(() => {
            if (removed) return;
            addBuildingsLayers(map, initial.current.colorScheme);
            exposeMap(map);
            return yieldToMain();
          })
          .then(() => {
            if (!removed) setState({ map, failed: false });
          });
      });
    });
    return () => {
      removed = true;
      if (started) {
        forgetMap(started);
        started.remove();
      }
      setState({ map: null, failed: false });
    };
  }, [container]);

  useEffect(() => {
    const map = state.map;
    if (!map) return;
    // In place: the basemap is recoloured (or its raster tiles swapped), the buildings stay.
    applyMapScheme(map, colorScheme, configuredTileSources);
    applyColorScheme(map, colorScheme);
  }, [state.map, colorScheme]);

  const { map } = state;
  const setDataSettled = useCallback(
    (settled: boolean) => {
      dataSettled.current = settled;
      setMapIdle(false);
      // An idle event follows this repaint once everything is drawn.
      if (settled) map?.triggerRepaint();
    },
    [map],
  );

  return { ...state, setDataSettled };
}
