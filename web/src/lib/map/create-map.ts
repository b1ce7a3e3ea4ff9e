import { Map as MapLibreMap, addProtocol, prewarm, setWorkerUrl, type MapOptions } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
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
// The streets archive (streets-style.ts) is read by byte ranges through `pmtiles://` URLs.
addProtocol('pmtiles', new Protocol().tile);

/**
 * Every map of the app is made here (eslint forbids `new Map` from maplibre-gl elsewhere), so none
 * can miss the worker set-up above. Its container says whether the view is drawn with all its
 * tiles (`data-map-idle="true"`), for tests and screenshots.
 */
export function createMap(options: MapOptions): MapLibreMap {
  const map = new MapLibreMap(options);
  const container = map.getContainer();
  // Written only when it changes: 'dataloading' comes for every tile while the map moves.
  const markIdle = (idle: 'true' | 'false') => {
    if (container.dataset.mapIdle !== idle) container.dataset.mapIdle = idle;
  };
  map.on('idle', () => markIdle('true'));
  map.on('dataloading', () => markIdle('false'));
  return map;
}
