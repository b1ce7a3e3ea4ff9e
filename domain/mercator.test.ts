import { describe, expect, it } from 'vitest';
import { latitudeOf, longitudeOf, MERCATOR_MAX_LATITUDE, mercatorX, mercatorY } from './mercator.ts';

describe('Web Mercator on the unit square', () => {
  it('maps the edges and the centre', () => {
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorX(180)).toBe(1);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(MERCATOR_MAX_LATITUDE)).toBeCloseTo(0, 6);
    expect(mercatorY(-90)).toBeCloseTo(1, 6);
  });

  it('inverts', () => {
    for (const lat of [-60, -12.5, 0, 37.97, 70]) expect(latitudeOf(mercatorY(lat))).toBeCloseTo(lat, 9);
    for (const lng of [-179, -3.7, 0, 151.2]) expect(longitudeOf(mercatorX(lng))).toBeCloseTo(lng, 9);
  });
});
