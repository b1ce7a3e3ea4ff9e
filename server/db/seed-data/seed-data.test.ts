import { describe, it, expect } from 'vitest';
import { SEED_BUILDINGS } from './buildings.ts';
import type { Continent } from './buildings.ts';
import { SEED_STYLES } from './styles.ts';
import { SEED_ARCHITECTS } from './architects.ts';

const ALL_CONTINENTS: readonly Continent[] = [
  'Africa',
  'Asia',
  'Europe',
  'North America',
  'South America',
  'Oceania',
  'Antarctica',
];

const currentYear = new Date().getFullYear();

describe('SEED_STYLES', () => {
  it('has between 35 and 50 entries', () => {
    expect(SEED_STYLES.length).toBeGreaterThanOrEqual(35);
    expect(SEED_STYLES.length).toBeLessThanOrEqual(50);
  });

  it('has unique, non-empty names', () => {
    expect(new Set(SEED_STYLES).size).toBe(SEED_STYLES.length);
    for (const style of SEED_STYLES) {
      expect(style.trim()).toBe(style);
      expect(style.length).toBeGreaterThan(0);
    }
  });
});

describe('SEED_ARCHITECTS', () => {
  it('names only seed buildings, at least 60 of them, 1 to 4 architects each', () => {
    const names = new Set(SEED_BUILDINGS.map((b) => b.name));
    const entries = Object.entries(SEED_ARCHITECTS);
    expect(entries.length).toBeGreaterThanOrEqual(60);
    for (const [building, architects] of entries) {
      expect(names.has(building), building).toBe(true);
      expect(architects.length, building).toBeGreaterThanOrEqual(1);
      expect(architects.length, building).toBeLessThanOrEqual(4);
    }
  });
});

describe('SEED_BUILDINGS', () => {
  it('contains at least 60 buildings', () => {
    expect(SEED_BUILDINGS.length).toBeGreaterThanOrEqual(60);
  });

  it('has unique names', () => {
    const names = SEED_BUILDINGS.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('only references known styles, 1 to 3 per building', () => {
    const known = new Set(SEED_STYLES);
    for (const b of SEED_BUILDINGS) {
      expect(b.styles.length, b.name).toBeGreaterThanOrEqual(1);
      expect(b.styles.length, b.name).toBeLessThanOrEqual(3);
      expect(new Set(b.styles).size, b.name).toBe(b.styles.length);
      for (const style of b.styles) {
        expect(known.has(style), `${b.name}: unknown style "${style}"`).toBe(true);
      }
    }
  });

  it('has valid WGS84 coordinates', () => {
    for (const b of SEED_BUILDINGS) {
      expect(Number.isFinite(b.lng), b.name).toBe(true);
      expect(Number.isFinite(b.lat), b.name).toBe(true);
      expect(b.lng, b.name).toBeGreaterThanOrEqual(-180);
      expect(b.lng, b.name).toBeLessThanOrEqual(180);
      expect(b.lat, b.name).toBeGreaterThanOrEqual(-90);
      expect(b.lat, b.name).toBeLessThanOrEqual(90);
    }
  });

  it('has plausible construction and demolition years', () => {
    for (const b of SEED_BUILDINGS) {
      if (b.yearBuilt !== null) {
        expect(Number.isInteger(b.yearBuilt), b.name).toBe(true);
        expect(b.yearBuilt, b.name).toBeLessThanOrEqual(currentYear);
      }
      if (b.yearDemolished !== null) {
        expect(Number.isInteger(b.yearDemolished), b.name).toBe(true);
        expect(b.yearDemolished, b.name).toBeLessThanOrEqual(currentYear);
        if (b.yearBuilt !== null) {
          expect(b.yearDemolished, b.name).toBeGreaterThanOrEqual(b.yearBuilt);
        }
      }
    }
  });

  it('has descriptions of reasonable length', () => {
    for (const b of SEED_BUILDINGS) {
      expect(b.description.length, b.name).toBeGreaterThanOrEqual(150);
      expect(b.description.length, b.name).toBeLessThanOrEqual(900);
    }
  });

  it('covers every continent', () => {
    const present = new Set(SEED_BUILDINGS.map((b) => b.continent));
    for (const continent of ALL_CONTINENTS) {
      expect(present.has(continent), continent).toBe(true);
    }
  });

  it('uses ISO 3166-1 alpha-2 country codes', () => {
    for (const b of SEED_BUILDINGS) {
      expect(b.address.countryCode, b.name).toMatch(/^[A-Z]{2}$/);
      expect(b.address.line1.length, b.name).toBeGreaterThan(0);
      expect(b.address.city.length, b.name).toBeGreaterThan(0);
    }
  });

  it('includes buildings near the antimeridian', () => {
    const nearAntimeridian = SEED_BUILDINGS.filter((b) => b.lng > 170 || b.lng < -170);
    expect(nearAntimeridian.length).toBeGreaterThanOrEqual(1);
  });

  it('includes at least 3 demolished buildings', () => {
    const demolished = SEED_BUILDINGS.filter((b) => b.yearDemolished !== null);
    expect(demolished.length).toBeGreaterThanOrEqual(3);
  });
});
