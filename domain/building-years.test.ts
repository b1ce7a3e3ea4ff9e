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
});
