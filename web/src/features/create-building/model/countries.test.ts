import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS } from './countries.ts';
import { DEFAULT_COUNTRY_CODE } from './wizard.ts';

describe('country selector options (product §2: ISO 2-letter codes with names, default US)', () => {
  it('lists every ISO 3166 country once, with a two-letter code and a name, by name', () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThanOrEqual(240);
    expect(new Set(COUNTRY_OPTIONS.map((c) => c.value)).size).toBe(COUNTRY_OPTIONS.length);
    expect(COUNTRY_OPTIONS.every((c) => /^[A-Z]{2}$/.test(c.value) && c.label.length > 0)).toBe(true);
    const labels = COUNTRY_OPTIONS.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('holds the default country and well-known names', () => {
    expect(COUNTRY_OPTIONS.find((c) => c.value === DEFAULT_COUNTRY_CODE)?.label).toBe(
      'United States of America',
    );
    expect(COUNTRY_OPTIONS.find((c) => c.value === 'FR')?.label).toBe('France');
  });
});
