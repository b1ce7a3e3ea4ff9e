import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    /** The explore map, set once it has loaded; end-to-end tests read it. */
    __atlasMap?: MapLibreMap;
    /** True after an 'idle' event that followed the latest change of the buildings data. */
    __atlasMapIdle?: boolean;
  }
}

export function exposeMap(map: MapLibreMap): void {
  window.__atlasMap = map;
}

export function forgetMap(map: MapLibreMap): void {
  if (window.__atlasMap === map) {
    delete window.__atlasMap;
    delete window.__atlasMapIdle;
  }
}

export function setMapIdle(idle: boolean): void {
  window.__atlasMapIdle = idle;
}
