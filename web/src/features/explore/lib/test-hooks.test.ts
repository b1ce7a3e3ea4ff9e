// @vitest-environment happy-dom
import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, describe, expect, it } from 'vitest';
import { exposeMap, forgetMap, setMapIdle } from './test-hooks.ts';

// The hooks only store the object; a stand-in is enough.
const map = {} as MapLibreMap;

afterEach(() => {
  forgetMap(map);
  delete window.__atlasTestHooks;
});

describe('map test hooks', () => {
  it('expose nothing on a page not told it runs under test (production)', () => {
    exposeMap(map);
    setMapIdle(true);
    expect('__atlasMap' in window).toBe(false);
    expect('__atlasMapIdle' in window).toBe(false);
  });

  it('expose the map and its idle state once the e2e init script set __atlasTestHooks', () => {
    window.__atlasTestHooks = true;
    exposeMap(map);
    setMapIdle(true);
    expect(window.__atlasMap).toBe(map);
    expect(window.__atlasMapIdle).toBe(true);
    forgetMap(map);
    expect(window.__atlasMap).toBeUndefined();
  });
});
