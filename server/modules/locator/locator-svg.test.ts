import { describe, expect, it } from 'vitest';
import { geoIdentity } from 'd3-geo';
import { BASEMAP_PALETTE } from '#domain/map-palette';
import { locatorSvg, projectedPath, ringArea2, ringPath, simplifyRing } from './locator-svg.ts';

describe('ringPath', () => {
  it('writes relative moves with the fewest separators', () => {
    expect(
      ringPath(
        [
          [10, 20],
          [15, 20],
          [15, 12],
          [3, 4],
        ],
        true,
      ),
    ).toBe('M10 20l5 0 0-8-12-8z');
    expect(ringPath([[1, 2]], false)).toBe('M1 2');
    expect(ringPath([], true)).toBe('');
  });
});

describe('simplifyRing', () => {
  it('drops points on a straight run and keeps the corners', () => {
    const square: [number, number][] = [
      [0, 0],
      [5, 0],
      [10, 0],
      [10, 5],
      [10, 10],
      [5, 10.3],
      [0, 10],
    ];
    expect(simplifyRing(square, 1)).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
  });
});

it('ringArea2 is twice the signed area', () => {
  expect(
    ringArea2([
      [0, 0],
      [4, 0],
      [4, 3],
    ]),
  ).toBe(12);
});

describe('projectedPath', () => {
  const identity = geoIdentity();
  it('quantizes, closes polygons and leaves out rings too small to see', () => {
    const d = projectedPath(identity, {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0.2, 0.4],
            [20.4, 0.1],
            [20, 20],
            [0, 20],
            [0.2, 0.4],
          ],
        ],
        // A speck: left out.
        [
          [
            [50, 50],
            [51, 50],
            [51, 51],
            [50, 50],
          ],
        ],
      ],
    });
    expect(d).toBe('M0 0l20 0 0 20-20 0z');
  });
});

describe('locatorSvg', () => {
  const drawing = { land: 'M0 0l10 0 0 10z', borders: '', country: 'M2 2l4 0 0 4z', sphere: '' };
  it('is the same text for the same input and differs by scheme', () => {
    const light = locatorSvg(drawing, [5, 5], 'light');
    expect(locatorSvg(drawing, [5, 5], 'light')).toBe(light);
    const dark = locatorSvg(drawing, [5, 5], 'dark');
    expect(dark).not.toBe(light);
    expect(light).toContain(`fill="${BASEMAP_PALETTE.light.water}"`);
    expect(dark).toContain(`fill="${BASEMAP_PALETTE.dark.land}"`);
    expect(light.match(/<circle/g)).toHaveLength(2);
  });

  it('leaves the dot out when the point is not in view', () => {
    expect(locatorSvg(drawing, null, 'light')).not.toContain('<circle');
  });
});
