import { describe, expect, it } from 'vitest';
import { distanceMeters, viewportAround, viewportLngRanges, wrapLng } from './geo.ts';

describe('wrapLng', () => {
  it.each([
    [0, 0],
    [190, -170],
    [-190, 170],
    [540, -180],
    [179.5, 179.5],
    [2.35, 2.35],
    [-180, -180],
  ])('wraps %d to %d', (input, out) => {
    expect(wrapLng(input)).toBeCloseTo(out);
  });
});

describe('viewportLngRanges', () => {
  it('keeps an ordinary viewport as one range', () => {
    expect(viewportLngRanges({ west: -10, east: 20 })).toEqual([[-10, 20]]);
  });
  it('keeps the whole world whole', () => {
    expect(viewportLngRanges({ west: -180, east: 180 })).toEqual([[-180, 180]]);
    expect(viewportLngRanges({ west: -400, east: 400 })).toEqual([[-180, 180]]);
  });
  it('splits a viewport crossing the antimeridian into two ranges', () => {
    expect(viewportLngRanges({ west: 170, east: -170 })).toEqual([
      [170, 180],
      [-180, -170],
    ]);
  });
  it('normalises an unwrapped east edge from a panned map', () => {
    expect(viewportLngRanges({ west: 170, east: 190 })).toEqual([
      [170, 180],
      [-180, -170],
    ]);
    expect(viewportLngRanges({ west: 175, east: 180 })).toEqual([[175, 180]]);
    expect(viewportLngRanges({ west: 200, east: 210 })).toEqual([[-160, -150]]);
  });
});

describe('distances', () => {
  it('measures metres on the sphere', () => {
    // 0.001° of latitude is about 111 m.
    expect(distanceMeters([2.35, 48.85], [2.35, 48.851])).toBeCloseTo(111.2, 0);
    expect(distanceMeters([179.9999, 0], [-179.9999, 0])).toBeCloseTo(22.2, 0);
  });

  it('boxes a radius, also across the antimeridian and at the poles', () => {
    const box = viewportAround([179.9999, 0], 50);
    expect(box.east).toBeGreaterThan(180);
    expect(viewportAround([0, 89.9999], 50)).toMatchObject({ north: 90, east: 180, west: -180 });
  });
});
