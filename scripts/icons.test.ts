import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_THEME } from '@mantine/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ICON_FILES, THEME_COLOR, webManifest } from '../domain/web-manifest.ts';
import { theme } from '../web/src/app/theme.ts';
import { icoOfPng } from './icons.ts';

const publicDir = fileURLToPath(new URL('../web/public', import.meta.url));

describe('the committed icons (scripts/icons.ts)', () => {
  it('are PNGs of the sizes the manifest names', async () => {
    for (const icon of webManifest.icons) {
      const meta = await sharp(path.join(publicDir, icon.src)).metadata();
      expect(meta.format, icon.src).toBe('png');
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    }
    const touch = await sharp(path.join(publicDir, ICON_FILES.appleTouch)).metadata();
    expect([touch.width, touch.height]).toEqual([180, 180]);
  });

  it('fill the maskable icon to its edges (no transparent corners for a launcher to show)', async () => {
    const { data, info } = await sharp(path.join(publicDir, ICON_FILES.maskable512))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect([alphaAt(0, 0), alphaAt(511, 0), alphaAt(0, 511), alphaAt(511, 511)]).toEqual([
      255, 255, 255, 255,
    ]);
  });

  it('ship favicon.ico as an ICO holding one 32 px PNG', async () => {
    const ico = await fs.readFile(path.join(publicDir, ICON_FILES.ico));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7]]).toEqual([32, 32]);
    const offset = ico.readUInt32LE(18);
    const png = ico.subarray(offset, offset + ico.readUInt32LE(14));
    expect((await sharp(png).metadata()).width).toBe(32);
  });

  it('writes a 256 px image as size 0 in the ICO directory, as the format says', () => {
    const ico = icoOfPng(Buffer.from('png'), 256);
    expect([ico[6], ico[7]]).toEqual([0, 0]);
    expect(ico.readUInt32LE(14)).toBe(3);
    expect(ico.subarray(22).toString()).toBe('png');
  });

  it("keep the manifest's theme colour the app's primary colour", () => {
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
    expect(DEFAULT_THEME.colors[theme.primaryColor ?? 'blue']?.[shade ?? 6]).toBe(THEME_COLOR);
  });
});
