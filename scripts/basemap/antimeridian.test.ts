import { describe, expect, it } from 'vitest';
import { countryShapes, landShape } from '../../server/geo/world.ts';
import { cutPolygons, signedArea } from './antimeridian.ts';

const widthOf = (ring: number[][]) => {
  const xs = ring.map((p) => p[0]!);
  return Math.max(...xs) - Math.min(...xs);
};

describe('cutPolygons (spherical shapes to flat ones, cut at ±180°)', () => {
  it('cuts Russia and Fiji into pieces that stay on their side of the antimeridian', () => {
    for (const code of ['RU', 'FJ']) {
      const shape = countryShapes().find((f) => f.properties.code === code)!;
      const flat = cutPolygons(shape.geometry);
      const exteriors = flat.coordinates.map((p) => p[0]!);
      // A ring joining both sides would span almost 360° (a band across the map).
      for (const ring of exteriors) expect(widthOf(ring), code).toBeLessThan(200);
      expect(exteriors.some((ring) => ring.some(([x]) => x === 180))).toBe(true);
      expect(exteriors.some((ring) => ring.some(([x]) => x === -180))).toBe(true);
    }
  });

  it('winds exteriors counter-clockwise and holes clockwise (RFC 7946)', () => {
    const flat = cutPolygons(landShape('110m'));
    for (const [exterior, ...holes] of flat.coordinates) {
      expect(signedArea(exterior!)).toBeGreaterThan(0);
      for (const hole of holes) expect(signedArea(hole)).toBeLessThan(0);
    }
  });

  it('keeps Antarctica a ring along the bottom of the map, not the whole world', () => {
    const antarctica = countryShapes().find((f) => f.properties.code === 'AQ')!;
    const flat = cutPolygons(antarctica.geometry);
    const total = flat.coordinates.reduce((sum, [exterior]) => sum + signedArea(exterior!), 0);
    // On a flat lng/lat plane the world is 360 × 180 = 64,800 deg²; Antarctica is south of −60°.
    expect(total).toBeGreaterThan(1000);
    expect(total).toBeLessThan(360 * 30);
    for (const [exterior] of flat.coordinates) for (const [, y] of exterior!) expect(y).toBeLessThan(-55);
  });

  it('makes the land cover a plausible share of the flat world (no inside-out rings)', () => {
    const flat = cutPolygons(landShape('50m'));
    const land = flat.coordinates.reduce(
      (sum, [exterior, ...holes]) =>
        sum + signedArea(exterior!) + holes.reduce((s, h) => s + signedArea(h), 0),
      0,
    );
    expect(land / (360 * 180)).toBeGreaterThan(0.2);
    expect(land / (360 * 180)).toBeLessThan(0.45);
  });
});
