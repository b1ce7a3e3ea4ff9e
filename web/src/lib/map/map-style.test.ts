// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { BASEMAP_ATTRIBUTION, BASEMAP_MAX_ZOOM } from '#domain/basemap';
import {
  BACKGROUND_LAYER_ID,
  BASEMAP_PALETTE,
  BASEMAP_SOURCE_ID,
  BASEMAP_VERSION_STORAGE_KEY,
  MAP_BACKGROUND_COLOR,
  applyMapScheme,
  buildMapStyle,
  fitMaxZoom,
  themedPaint,
} from './map-style.ts';

const RASTER = {
  light: { tiles: ['https://tiles.example/light/{z}/{x}/{y}.png'], attribution: 'light' },
  dark: { tiles: ['https://tiles.example/dark/{z}/{x}/{y}.png'], attribution: 'dark' },
};

describe('buildMapStyle', () => {
  it('draws the offline world basemap from this origin when no tile service is configured', () => {
    const style = buildMapStyle('light', {}, 'c38c0c964950');
    // Its tiles named at once (no TileJSON to read first), under the archive's version.
    expect(style.sources[BASEMAP_SOURCE_ID]).toEqual({
      type: 'vector',
      tiles: [`${window.location.origin}/basemap/c38c0c964950/{z}/{x}/{y}.mvt`],
      minzoom: 0,
      maxzoom: BASEMAP_MAX_ZOOM,
      bounds: [-180, -85.051129, 180, 85.051129],
      attribution: BASEMAP_ATTRIBUTION,
    });
    const ids = style.layers.map((layer) => layer.id);
    expect(ids[0]).toBe(BACKGROUND_LAYER_ID);
    expect(ids).toEqual(
      expect.arrayContaining([
        'basemap-land',
        'basemap-lake',
        'basemap-river',
        'basemap-coastline',
        'basemap-border',
        'basemap-country-label',
        'basemap-place-label',
      ]),
    );
    // No glyph server and no font files: MapLibre draws the labels with the browser's fonts.
    expect(style.glyphs).toBeUndefined();
    expect(style['font-faces']).toBeUndefined();
  });

  it('takes the basemap version from the page the server sent, else reads the TileJSON', () => {
    // No meta tag (no archive on the server, or Vite's dev server): the TileJSON names the tiles.
    expect(buildMapStyle('light').sources[BASEMAP_SOURCE_ID]).toEqual({
      type: 'vector',
      url: `${window.location.origin}/basemap/tiles.json`,
    });
    const meta = document.createElement('meta');
    meta.name = 'atlas-basemap-version';
    meta.content = 'fedcba987654';
    document.head.append(meta);
    try {
      expect(buildMapStyle('dark').sources[BASEMAP_SOURCE_ID]).toMatchObject({
        tiles: [`${window.location.origin}/basemap/fedcba987654/{z}/{x}/{y}.mvt`],
      });
    } finally {
      meta.remove();
    }
  });

  it("offline, a page naming no version (the worker's bare app) asks for the tiles of the last version seen", () => {
    const meta = document.createElement('meta');
    meta.name = 'atlas-basemap-version';
    meta.content = 'a1b2c3d4e5f6';
    document.head.append(meta);
    buildMapStyle('light');
    meta.remove();
    const online = vi.spyOn(navigator, 'onLine', 'get');
    try {
      online.mockReturnValue(false);
      expect(buildMapStyle('light').sources[BASEMAP_SOURCE_ID]).toMatchObject({
        tiles: [`${window.location.origin}/basemap/a1b2c3d4e5f6/{z}/{x}/{y}.mvt`],
      });
      // Online, the server's TileJSON still decides (the archive may have changed since).
      online.mockReturnValue(true);
      expect(buildMapStyle('light').sources[BASEMAP_SOURCE_ID]).toEqual({
        type: 'vector',
        url: `${window.location.origin}/basemap/tiles.json`,
      });
    } finally {
      online.mockRestore();
      window.localStorage.removeItem(BASEMAP_VERSION_STORAGE_KEY);
    }
  });

  it('colours land and water by theme, different in light and dark', () => {
    const light = buildMapStyle('light');
    const dark = buildMapStyle('dark');
    const land = (s: typeof light) => s.layers.find((l) => l.id === 'basemap-land');
    expect(land(light)).toMatchObject({ paint: { 'fill-color': BASEMAP_PALETTE.light.land } });
    expect(land(dark)).toMatchObject({ paint: { 'fill-color': BASEMAP_PALETTE.dark.land } });
    expect(dark.layers[0]).toMatchObject({ paint: { 'background-color': MAP_BACKGROUND_COLOR.dark } });
    expect(BASEMAP_PALETTE.light.land).not.toBe(BASEMAP_PALETTE.light.water);
    expect(BASEMAP_PALETTE.dark.land).not.toBe(BASEMAP_PALETTE.dark.water);
  });

  it("uses the configured tile service's raster tiles instead (VITE_TILE_URL_* wins)", () => {
    const style = buildMapStyle('dark', RASTER);
    expect(style.sources[BASEMAP_SOURCE_ID]).toMatchObject({ type: 'raster', attribution: 'dark' });
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'basemap']);
    expect(style['font-faces']).toBeUndefined();
  });
});

// createMap turns MapLibre's own validation of the style off (it cost a phone's main thread tens of
// milliseconds as the map starts), so every style the app builds is checked against the spec here.
describe('buildMapStyle against the style specification', () => {
  const validate = (style: unknown) =>
    validateStyleMin(style as StyleSpecification).map((error) => error.message);

  it.each(['light', 'dark'] as const)('every kind of basemap, %s, is a valid style', (scheme) => {
    expect(validate(buildMapStyle(scheme, {}, 'c38c0c964950', ''))).toEqual([]);
    expect(validate(buildMapStyle(scheme, {}, '', ''))).toEqual([]);
    expect(validate(buildMapStyle(scheme, RASTER, 'c38c0c964950', ''))).toEqual([]);
    expect(validate(buildMapStyle(scheme, {}, 'c38c0c964950', '/basemap/streets.pmtiles'))).toEqual([]);
  });

  it('the check finds a mistake (a paint property of another layer type)', () => {
    const style = buildMapStyle('light', {}, 'c38c0c964950', '');
    const land = style.layers.find((layer) => layer.id === 'basemap-land')!;
    const broken = {
      ...style,
      layers: style.layers.map((layer) => (layer === land ? { ...land, paint: { 'line-width': 2 } } : layer)),
    };
    expect(validate(broken).join('\n')).toMatch(/line-width/);
  });
});

describe('fitMaxZoom', () => {
  it('fits no closer than one step past the offline data, where the map still shows a setting', () => {
    expect(fitMaxZoom('light', {}, 13)).toBe(BASEMAP_MAX_ZOOM + 1);
    expect(fitMaxZoom('dark', undefined, 13)).toBe(BASEMAP_MAX_ZOOM + 1);
    expect(fitMaxZoom('light', {}, 4)).toBe(4);
  });

  it('fits to street level on a tile service of the theme', () => {
    expect(fitMaxZoom('light', RASTER, 13)).toBe(13);
    expect(fitMaxZoom('dark', { light: RASTER.light }, 13)).toBe(BASEMAP_MAX_ZOOM + 1);
  });
});

describe('applyMapScheme (theme switch without reloading the map)', () => {
  function fakeMap(layerIds: string[]) {
    const setPaintProperty = vi.fn();
    const setTiles = vi.fn();
    const map = {
      getLayer: (id: string) => (layerIds.includes(id) ? { id } : undefined),
      setPaintProperty,
      getSource: () => ({ setTiles }),
    } as unknown as MapLibreMap;
    return { map, setPaintProperty, setTiles };
  }

  it('recolours every basemap layer in place and leaves other layers alone', () => {
    const ids = buildMapStyle('light').layers.map((l) => l.id);
    const { map, setPaintProperty, setTiles } = fakeMap([...ids, 'buildings']);
    applyMapScheme(map, 'dark');
    const expected = Object.entries(themedPaint('dark')).flatMap(([layer, props]) =>
      Object.entries(props).map(([prop, value]) => [layer, prop, value]),
    );
    expect(setPaintProperty.mock.calls).toEqual(expected);
    expect(setPaintProperty.mock.calls.some(([layer]) => layer === 'buildings')).toBe(false);
    expect(setTiles).not.toHaveBeenCalled();
  });

  it("swaps the configured raster tiles for the theme's", () => {
    const { map, setTiles } = fakeMap([BACKGROUND_LAYER_ID, BASEMAP_SOURCE_ID]);
    applyMapScheme(map, 'dark', RASTER);
    expect(setTiles).toHaveBeenCalledWith(RASTER.dark.tiles);
  });
});
