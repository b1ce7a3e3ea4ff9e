// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { BASEMAP_MAX_ZOOM } from '#domain/basemap';
import { STREETS_MIN_ZOOM } from '#domain/streets-basemap';
import { BASEMAP_SOURCE_ID, applyMapScheme, buildMapStyle, fitMaxZoom } from './map-style.ts';
import { STREETS_SOURCE_ID, currentScheme, servedStreetsArchive, streetsOfStyle } from './streets-style.ts';

const ARCHIVE = '/basemap/streets/0123456789ab.pmtiles';
const RASTER = {
  light: { tiles: ['https://tiles.example/light/{z}/{x}/{y}.png'], attribution: 'light' },
  dark: { tiles: ['https://tiles.example/dark/{z}/{x}/{y}.png'], attribution: 'dark' },
};

describe('the map style when the server has a streets archive (BASEMAP_PMTILES)', () => {
  it('names the archive and the theme for createMap to add the streets, and keeps the offline basemap beneath', () => {
    const style = buildMapStyle('dark', {}, 'c38c0c964950', ARCHIVE);
    expect(streetsOfStyle(style)).toEqual({ archive: ARCHIVE, colorScheme: 'dark' });
    expect(style.sources[BASEMAP_SOURCE_ID]).toMatchObject({ type: 'vector' });
    // Nothing from another origin: no glyph server, no sprite, no font files.
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style['font-faces']).toBeUndefined();
  });

  it('lets the offline labels give way to the streets’ from zoom 7, and changes nothing without an archive', () => {
    const style = buildMapStyle('light', {}, 'c38c0c964950', ARCHIVE);
    for (const id of ['basemap-place-label', 'basemap-country-label'])
      expect(style.layers.find((l) => l.id === id)).toMatchObject({ maxzoom: STREETS_MIN_ZOOM });
    const offline = buildMapStyle('light', {}, 'c38c0c964950', '');
    expect(streetsOfStyle(offline)).toBeUndefined();
    expect(offline.metadata).toBeUndefined();
    expect(offline.layers.find((l) => l.id === 'basemap-place-label')?.maxzoom).toBeUndefined();
  });

  it('leaves the map to a configured raster tile service (VITE_TILE_URL_* wins)', () => {
    const style = buildMapStyle('dark', RASTER, 'c38c0c964950', ARCHIVE);
    expect(streetsOfStyle(style)).toBeUndefined();
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
      expect(streetsOfStyle(buildMapStyle('light'))).toEqual({ archive: ARCHIVE, colorScheme: 'light' });
    } finally {
      meta.remove();
    }
  });

  it('remembers each theme switch, so streets added after it take the new theme, and recolours streets already there', async () => {
    const setPaintProperty = vi.fn();
    let hasStreets = false;
    const map = {
      getLayer: (id: string) => (hasStreets && id === 'streets-roads_major' ? { id } : undefined),
      getSource: (id: string) => (hasStreets && id === STREETS_SOURCE_ID ? {} : undefined),
      setPaintProperty,
    } as unknown as MapLibreMap;
    expect(currentScheme(map, 'light')).toBe('light');
    applyMapScheme(map, 'dark');
    expect(currentScheme(map, 'light')).toBe('dark');
    hasStreets = true;
    applyMapScheme(map, 'light');
    await vi.dynamicImportSettled();
    expect(setPaintProperty.mock.calls.some(([id]) => id === 'streets-roads_major')).toBe(true);
  });
});
