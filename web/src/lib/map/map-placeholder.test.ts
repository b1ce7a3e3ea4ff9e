/**
 * A map's placeholder is the basemap's background colour in both schemes, so the map's first
 * frame does not change the colour of the page.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { MAP_BACKGROUND_COLOR } from '#domain/map-palette';

it('has the colours of MAP_BACKGROUND_COLOR, light then dark', () => {
  const css = fs.readFileSync(new URL('./map-placeholder.module.css', import.meta.url), 'utf8');
  const colours = [...css.matchAll(/background:\s*(#[0-9a-f]{6})/gi)].map((m) => m[1]!.toLowerCase());
  expect(colours).toEqual([
    MAP_BACKGROUND_COLOR.light.toLowerCase(),
    MAP_BACKGROUND_COLOR.dark.toLowerCase(),
  ]);
});
