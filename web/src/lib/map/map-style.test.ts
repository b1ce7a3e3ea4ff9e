import { describe, expect, it } from 'vitest';
import { BACKGROUND_LAYER_ID, MAP_BACKGROUND_COLOR, buildMapStyle } from './map-style.ts';

describe('buildMapStyle', () => {
  it('draws only a background coloured by theme when no tiles are configured', () => {
    const light = buildMapStyle('light');
    const dark = buildMapStyle('dark');
    expect(light.layers).toEqual([
      {
        id: BACKGROUND_LAYER_ID,
        type: 'background',
        paint: { 'background-color': MAP_BACKGROUND_COLOR.light },
      },
    ]);
    expect(dark.layers[0]).toMatchObject({ paint: { 'background-color': MAP_BACKGROUND_COLOR.dark } });
    expect(light.sources).toEqual({});
    expect(light.glyphs).toBeUndefined();
    expect(light.sprite).toBeUndefined();
  });

  it("plugs in the theme's raster tiles above the background", () => {
    const style = buildMapStyle('dark', {
      light: { tiles: ['https://tiles.example/light/{z}/{x}/{y}.png'], attribution: 'light' },
      dark: { tiles: ['https://tiles.example/dark/{z}/{x}/{y}.png'], attribution: 'dark' },
    });
    expect(style.sources.basemap).toMatchObject({ type: 'raster', attribution: 'dark' });
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'basemap']);
  });
});
