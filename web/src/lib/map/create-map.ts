import { Map as MapLibreMap, prewarm, setWorkerUrl, type MapOptions } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { ColorScheme } from '../color-scheme.ts';
import { streetsOfStyle } from './streets-style.ts';
// The map library's CSS and the app's own for every map, loaded with the map screens only.
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';

// maplibre-gl 6 is ESM-only: under Vite its worker must be named, or a map never reads a tile
// ("Worker failed to load": the architect page's map drew no basemap when opened from its URL).
// Done once, as this module loads, with the worker started at once (`prewarm`) rather than by the
// first map: its script downloads and compiles while the screen renders, so the map's first tiles
// are read as soon as it asks, and the worker stays for the next map on another screen.
setWorkerUrl(workerUrl);
if (typeof Worker !== 'undefined') prewarm();

/**
 * The basemap's labels, drawn from the map's second complete frame on: placing and drawing them
 * with the first frame that has all the tiles and markers made it one task of 200–220 ms on a
 * mid-range phone's profile (bench:main-thread, `/`), in two it is ≈ 125 ms each
 * (docs/decisions/2026-11-28-basemap-labels-a-frame-later.md).
 */
const LATER_LAYERS = ['basemap-country-label', 'basemap-place-label'] as const;

/**
 * Every map of the app is made here (eslint forbids `new Map` from maplibre-gl elsewhere), so none
 * can miss the worker set-up above. Its container says whether the view is drawn with all its
 * tiles and its labels (`data-map-idle="true"`), for tests and screenshots.
 *
 * The style is not validated in the browser: it is the app's own (map-style.ts), checked against
 * the style specification by map-style.test.ts for every kind of basemap, and MapLibre's check of
 * it was about a third of the task that loads it at a mid-range phone's speed (bench:main-thread).
 */
export function createMap(options: MapOptions): MapLibreMap {
  const map = new MapLibreMap({ validateStyle: false, ...options });
  const container = map.getContainer();
  // Written only when it changes: 'dataloading' comes for every tile while the map moves.
  const markIdle = (idle: 'true' | 'false') => {
    if (container.dataset.mapIdle !== idle) container.dataset.mapIdle = idle;
  };
  // The labels wait for the first idle (everything else drawn), then show; the idle after that
  // frame is the map's first complete one.
  let labels: 'waiting' | 'showing' | 'shown' = 'shown';
  // Only the labels hidden here are shown again (a style may hide one of its own).
  const held: string[] = [];
  map.once('styledata', () => {
    for (const id of LATER_LAYERS) {
      if (!map.getLayer(id) || map.getLayoutProperty(id, 'visibility') === 'none') continue;
      map.setLayoutProperty(id, 'visibility', 'none');
      held.push(id);
    }
    if (held.length > 0) labels = 'waiting';
  });
  map.on('idle', () => {
    if (labels === 'waiting') {
      for (const id of held) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', 'visible');
      labels = 'showing';
      return;
    }
    labels = 'shown';
    markIdle('true');
  });
  map.on('dataloading', () => markIdle('false'));
  const streets = streetsOfStyle(options.style);
  if (streets) addStreetsWhenLoaded(map, streets.archive, streets.colorScheme);
  return map;
}

/**
 * The streets of the operator's archive, when the style names one: their code is fetched while
 * the map loads its style, and they are added once both are there (never to a removed map).
 */
function addStreetsWhenLoaded(map: MapLibreMap, archive: string, colorScheme: ColorScheme): void {
  const loaded = new Promise<void>((resolve) => map.once('load', () => resolve()));
  void Promise.all([import('./streets-layers.ts'), loaded])
    .then(([{ addStreets }]) => {
      if (map.getCanvasContainer().isConnected) addStreets(map, archive, colorScheme);
    })
    .catch((error: unknown) => console.warn('The streets could not be added to the map.', error));
}
