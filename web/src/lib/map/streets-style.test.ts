// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { BASEMAP_MAX_ZOOM, STREETS_MIN_ZOOM } from '#domain/basemap';
import { BASEMAP_SOURCE_ID, applyMapScheme, buildMapStyle, fitMaxZoom } from './map-style.ts';
import {
  STREETS_LAYER_PREFIX,
  STREETS_SOURCE_ID,
  servedStreetsArchive,
  streetsLayers,
} from './streets-style.ts';

const ARCHIVE = '/basemap/streets/0123456789ab.pmtiles';
const RASTER = {
  light: { tiles: ['https://tiles.example/light/{z}/{x}/{y}.png'], attribution: 'light' },
  dark: { tiles: ['https://tiles.example/dark/{z}/{x}/{y}.png'], attribution: 'dark' },
};

describe('the streets of an operator’s Protomaps archive (BASEMAP_PMTILES)', () => {
  it('reads the archive by byte ranges from this origin, credited to OpenStreetMap, and draws it from zoom 7 on', () => {
    const style = buildMapStyle('light', {}, 'c38c0c964950', ARCHIVE);
    expect(style.sources[STREETS_SOURCE_ID]).toEqual({
      type: 'vector',
      url: `pmtiles://${window.location.origin}${ARCHIVE}`,
      attribution: expect.stringContaining('OpenStreetMap') as unknown,
    });
    const streets = style.layers.filter((l) => l.id.startsWith(STREETS_LAYER_PREFIX));
    expect(streets.every((l) => (l.minzoom ?? 0) >= STREETS_MIN_ZOOM)).toBe(true);
    // The offline world basemap stays beneath (a regional extract leaves the rest of the world to it).
    expect(style.sources[BASEMAP_SOURCE_ID]).toMatchObject({ type: 'vector' });
    // Nothing from another origin: no glyph server, no sprite, no font files.
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style['font-faces']).toBeUndefined();
  });

  it('draws streets over the offline basemap, whose labels give way to the streets’ from zoom 7', () => {
    const style = buildMapStyle('light', {}, 'c38c0c964950', ARCHIVE);
    const ids = style.layers.map((l) => l.id);
    const firstStreets = ids.findIndex((id) => id.startsWith(STREETS_LAYER_PREFIX));
    expect(firstStreets).toBeGreaterThan(ids.indexOf('basemap-place-label'));
    expect(ids.slice(firstStreets).every((id) => id.startsWith(STREETS_LAYER_PREFIX))).toBe(true);
    for (const id of ['basemap-place-label', 'basemap-country-label'])
      expect(style.layers.find((l) => l.id === id)).toMatchObject({ maxzoom: STREETS_MIN_ZOOM });
    // Without streets the offline labels go on as before.
    const offline = buildMapStyle('light', {}, 'c38c0c964950', '');
    expect(offline.sources[STREETS_SOURCE_ID]).toBeUndefined();
    expect(offline.layers.find((l) => l.id === 'basemap-place-label')?.maxzoom).toBeUndefined();
  });

  it('has roads, buildings, water, earth and place names, in Protomaps’ light and dark colours', () => {
    const light = streetsLayers('light');
    const dark = streetsLayers('dark');
    const sourceLayers = new Set(light.map((l) => ('source-layer' in l ? l['source-layer'] : undefined)));
    for (const layer of ['roads', 'buildings', 'water', 'earth', 'places'])
      expect(sourceLayers).toContain(layer);
    const paint = (layers: typeof light, id: string) => layers.find((l) => l.id === id)?.paint;
    expect(paint(light, 'streets-roads_major')).not.toEqual(paint(dark, 'streets-roads_major'));
    expect(paint(light, 'streets-earth')).not.toEqual(paint(dark, 'streets-earth'));
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

  it('leaves the map to a configured raster tile service (VITE_TILE_URL_* wins)', () => {
    const style = buildMapStyle('dark', RASTER, 'c38c0c964950', ARCHIVE);
    expect(style.sources[STREETS_SOURCE_ID]).toBeUndefined();
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'basemap']);
  });

  it('fits maps to street level when there are streets', () => {
    expect(fitMaxZoom('light', {}, 13, ARCHIVE)).toBe(13);
    expect(fitMaxZoom('light', {}, 13, '')).toBe(BASEMAP_MAX_ZOOM + 1);
  });

  it('takes the archive’s path from the page the server sent', () => {
    expect(servedStreetsArchive()).toBe('');
    const meta = document.createElement('meta');
    meta.name = 'atlas-basemap-streets';
    meta.content = ARCHIVE;
    document.head.append(meta);
    try {
      expect(servedStreetsArchive()).toBe(ARCHIVE);
      expect(buildMapStyle('light').sources[STREETS_SOURCE_ID]).toMatchObject({
        url: `pmtiles://${window.location.origin}${ARCHIVE}`,
      });
    } finally {
      meta.remove();
    }
  });

  it('recolours the streets in place on a theme switch, and only the layers the map has', () => {
    const ids = buildMapStyle('light', {}, 'c38c0c964950', ARCHIVE).layers.map((l) => l.id);
    const setPaintProperty = vi.fn();
    const map = {
      getLayer: (id: string) => (ids.includes(id) ? { id } : undefined),
      getSource: (id: string) => (id === STREETS_SOURCE_ID ? {} : undefined),
      setPaintProperty,
    } as unknown as MapLibreMap;
    applyMapScheme(map, 'dark');
    const majorRoad = streetsLayers('dark').find((l) => l.id === 'streets-roads_major');
    expect(setPaintProperty).toHaveBeenCalledWith(
      'streets-roads_major',
      'line-color',
      (majorRoad?.paint as Record<string, unknown>)['line-color'],
    );
    expect(setPaintProperty.mock.calls.every(([id]) => ids.includes(id as string))).toBe(true);
  });
});
