import { describe, expect, it, vi } from 'vitest';
import { isTileUrlTemplate, tileSourcesFromEnv } from './tile-config.ts';

const LIGHT = 'https://tiles.example.org/light/{z}/{x}/{y}.png';
const DARK = 'https://tiles.example.org/dark/{z}/{x}/{y}.png';

describe('tile settings (product §2: a public tile service, a dark style in the dark theme)', () => {
  it('gives no tiles when nothing is set: the plain background', () => {
    expect(tileSourcesFromEnv({})).toEqual({});
    expect(tileSourcesFromEnv({ VITE_TILE_URL_LIGHT: '  ', VITE_TILE_ATTRIBUTION: '© someone' })).toEqual({});
  });

  it('uses the light and dark templates with the attribution', () => {
    expect(
      tileSourcesFromEnv({
        VITE_TILE_URL_LIGHT: LIGHT,
        VITE_TILE_URL_DARK: DARK,
        VITE_TILE_ATTRIBUTION: '© OSM',
      }),
    ).toEqual({
      light: { tiles: [LIGHT], attribution: '© OSM' },
      dark: { tiles: [DARK], attribution: '© OSM' },
    });
  });

  it('falls back to the light tiles in the dark theme', () => {
    expect(tileSourcesFromEnv({ VITE_TILE_URL_LIGHT: LIGHT }).dark).toEqual({
      tiles: [LIGHT],
      attribution: '',
    });
  });

  it('accepts comma-separated templates (tile subdomains)', () => {
    const a = 'https://a.tiles.example.org/{z}/{x}/{y}.png';
    const b = 'https://b.tiles.example.org/{z}/{x}/{y}.png';
    expect(tileSourcesFromEnv({ VITE_TILE_URL_LIGHT: `${a}, ${b}` }).light?.tiles).toEqual([a, b]);
  });

  it('refuses anything that is not an http(s) template with {z}, {x} and {y}', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(isTileUrlTemplate(LIGHT)).toBe(true);
    expect(isTileUrlTemplate('https://tiles.example.org/{z}/{x}.png')).toBe(false);
    expect(isTileUrlTemplate('javascript:alert(1)//{z}{x}{y}')).toBe(false);
    expect(isTileUrlTemplate('not a url {z}{x}{y}')).toBe(false);
    expect(tileSourcesFromEnv({ VITE_TILE_URL_LIGHT: 'javascript:{z}{x}{y}' })).toEqual({});
    warn.mockRestore();
  });
});
