// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { STREETS_MIN_ZOOM } from '#domain/streets-basemap';
import { buildMapStyle } from './map-style.ts';
import { addStreets, applyStreetsScheme, streetsLayers } from './streets-layers.ts';
import { STREETS_LAYER_PREFIX, STREETS_SOURCE_ID, rememberScheme } from './streets-style.ts';

const ARCHIVE = '/basemap/streets/0123456789ab.pmtiles';

/** A map with the given layers that records what is added to it. */
function fakeMap(layerIds: string[]) {
  const sources: Record<string, unknown> = {};
  const layers = layerIds.map((id) => ({ id, type: id === 'background' ? 'background' : 'fill' }));
  const addLayer = vi.fn((layer: { id: string; type: string }, before?: string) => {
    const at = before ? layers.findIndex((l) => l.id === before) : layers.length;
    layers.splice(at, 0, layer);
  });
  const setPaintProperty = vi.fn();
  const map = {
    getStyle: () => ({ layers }),
    getSource: (id: string) => sources[id],
    addSource: (id: string, source: unknown) => (sources[id] = source),
    getLayer: (id: string) => layers.find((l) => l.id === id),
    addLayer,
    setPaintProperty,
  } as unknown as MapLibreMap;
  return { map, sources, layers, setPaintProperty };
}

describe('the streets layers (Protomaps’ style on the operator’s archive)', () => {
  it('has roads, buildings, water, earth and place names, in Protomaps’ light and dark colours, from zoom 7', () => {
    const light = streetsLayers('light');
    const dark = streetsLayers('dark');
    const sourceLayers = new Set(light.map((l) => ('source-layer' in l ? l['source-layer'] : undefined)));
    for (const layer of ['roads', 'buildings', 'water', 'earth', 'places'])
      expect(sourceLayers).toContain(layer);
    const paint = (layers: typeof light, id: string) => layers.find((l) => l.id === id)?.paint;
    expect(paint(light, 'streets-roads_major')).not.toEqual(paint(dark, 'streets-roads_major'));
    expect(paint(light, 'streets-earth')).not.toEqual(paint(dark, 'streets-earth'));
    expect(light.every((l) => (l.minzoom ?? 0) >= STREETS_MIN_ZOOM)).toBe(true);
  });

  it('uses no sprite icons (none can be loaded) and names its fonts as installed ones, no background of its own', () => {
    const layers = streetsLayers('dark');
    expect(layers.some((l) => l.type === 'background')).toBe(false);
    expect(layers.some((l) => l.id === 'streets-roads_oneway')).toBe(false);
    for (const layer of layers) {
      expect(layer.id.startsWith(STREETS_LAYER_PREFIX)).toBe(true);
      expect(layer.type === 'background' ? undefined : layer.source).toBe(STREETS_SOURCE_ID);
      if (layer.type !== 'symbol') continue;
      expect(Object.keys(layer.layout ?? {}).filter((k) => k.startsWith('icon-'))).toEqual([]);
      expect(JSON.stringify(layer.layout?.['text-font'])).toMatch(/Noto Sans/);
    }
    // The places keep their names though their town dots are gone.
    expect(layers.find((l) => l.id === 'streets-places_locality')?.layout).toHaveProperty('text-field');
  });
});

describe('addStreets (createMap, once the style is loaded)', () => {
  it('reads the archive by byte ranges from this origin, credited to OpenStreetMap, over the offline basemap and beneath the app’s layers', () => {
    const offline = buildMapStyle('light', {}, 'c38c0c964950', ARCHIVE).layers.map((l) => l.id);
    const { map, sources, layers } = fakeMap([...offline, 'buildings', 'building-clusters']);
    addStreets(map, ARCHIVE, 'light');
    expect(sources[STREETS_SOURCE_ID]).toEqual({
      type: 'vector',
      url: `pmtiles://${window.location.origin}${ARCHIVE}`,
      attribution: expect.stringContaining('OpenStreetMap') as unknown,
    });
    const ids = layers.map((l) => l.id);
    const first = ids.findIndex((id) => id.startsWith(STREETS_LAYER_PREFIX));
    expect(first).toBe(offline.length);
    expect(ids.slice(-2)).toEqual(['buildings', 'building-clusters']);
    expect(ids.filter((id) => id.startsWith(STREETS_LAYER_PREFIX))).toHaveLength(
      streetsLayers('light').length,
    );
  });

  it('draws the theme last applied to the map, and adds nothing twice', () => {
    const { map, layers } = fakeMap(['background']);
    rememberScheme(map, 'dark');
    addStreets(map, ARCHIVE, 'light');
    const dark = streetsLayers('dark').find((l) => l.id === 'streets-earth');
    expect(layers.find((l) => l.id === 'streets-earth')).toEqual(dark);
    const count = layers.length;
    addStreets(map, ARCHIVE, 'light');
    expect(layers.length).toBe(count);
  });

  it('recolours the streets in place on a theme switch', () => {
    const { map, setPaintProperty } = fakeMap(['background']);
    addStreets(map, ARCHIVE, 'light');
    applyStreetsScheme(map, 'dark');
    const majorRoad = streetsLayers('dark').find((l) => l.id === 'streets-roads_major');
    expect(setPaintProperty).toHaveBeenCalledWith(
      'streets-roads_major',
      'line-color',
      (majorRoad?.paint as Record<string, unknown>)['line-color'],
    );
  });
});
