/**
 * Hooks for the end-to-end tests: the explore map and its idle state on `window`. They are set only
 * when the page was told it runs under test (`window.__atlasTestHooks = true`, which the e2e
 * browser contexts set in an init script before any page script runs); production pages never set
 * it, so they expose nothing.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    /** Set by the end-to-end tests' init script only: turns the hooks below on. */
    __atlasTestHooks?: boolean;
    /** The explore map, set once it has loaded; end-to-end tests read it. */
    __atlasMap?: MapLibreMap;
    /** True after an 'idle' event that followed the latest change of the buildings data. */
    __atlasMapIdle?: boolean;
  }
}

const underTest = () => window.__atlasTestHooks === true;

export function exposeMap(map: MapLibreMap): void {
  if (!underTest()) return;
  window.__atlasMap = map;
}

export function forgetMap(map: MapLibreMap): void {
  if (window.__atlasMap === map) {
    delete window.__atlasMap;
    delete window.__atlasMapIdle;
  }
}

export function setMapIdle(idle: boolean): void {
  if (!underTest()) return;
  window.__atlasMapIdle = idle;
}
