import { describe, expect, it } from 'vitest';
import { buildingYearsText, formatYear } from './building-years.ts';

describe('building years text', () => {
  it('shows built and demolished years when known', () => {
    expect(buildingYearsText({ year_built: 1931, year_demolished: 1963 })).toBe(
      'Built 1931 · Demolished 1963',
    );
    expect(buildingYearsText({ year_built: 1931, year_demolished: null })).toBe('Built 1931');
    expect(buildingYearsText({ year_built: null, year_demolished: 1963 })).toBe('Demolished 1963');
    expect(buildingYearsText({ year_built: null, year_demolished: null })).toBeNull();
  });

  it('writes years before the common era with BC', () => {
    expect(formatYear(-2560)).toBe('2560 BC');
    expect(formatYear(0)).toBe('0');
  });

  it("translates the era with the catalogue's text, in the years line too", () => {
    const french = (message: string, { year }: { year: string }) =>
      ({ '{year} BC': '{year} av. J.-C.', 'Built {year}': 'Construit en {year}' })[message]?.replace(
        '{year}',
        year,
      ) ?? message;
    expect(formatYear(-2560, french)).toBe('2560 av. J.-C.');
    expect(formatYear(1931, french)).toBe('1931');
    expect(buildingYearsText({ year_built: -2560, year_demolished: null }, french)).toBe(
      'Construit en 2560 av. J.-C.',
    );
  });
});
