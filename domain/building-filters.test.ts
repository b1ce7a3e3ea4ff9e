import { describe, expect, it } from 'vitest';
import { standsInYear } from './building-filters.ts';

describe('standsInYear (the catalogue through time)', () => {
  it('is true from the year built up to the year before demolition', () => {
    const crystalPalace = { year_built: 1851, year_demolished: 1936 };
    expect(standsInYear(crystalPalace, 1850)).toBe(false);
    expect(standsInYear(crystalPalace, 1851)).toBe(true);
    expect(standsInYear(crystalPalace, 1935)).toBe(true);
    expect(standsInYear(crystalPalace, 1936)).toBe(false);
  });

  it('counts an unknown year built as standing, and a building never demolished as still standing', () => {
    expect(standsInYear({ year_built: null, year_demolished: null }, -10000)).toBe(true);
    expect(standsInYear({ year_built: null, year_demolished: 1900 }, 1900)).toBe(false);
    expect(standsInYear({ year_built: 1900, year_demolished: null }, 3000)).toBe(true);
  });
});
