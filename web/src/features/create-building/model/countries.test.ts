import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, countryOptions } from './countries.ts';
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

describe('country names in the chosen language (Intl.DisplayNames, Intl.Collator)', () => {
  it('names every country in French, in French alphabetical order, with the same codes', () => {
    const french = countryOptions('fr');
    expect(french.map((c) => c.value).sort()).toEqual(COUNTRY_OPTIONS.map((c) => c.value).sort());
    expect(french.find((c) => c.value === 'DE')?.label).toBe('Allemagne');
    expect(french.find((c) => c.value === 'US')?.label).toBe('États-Unis');
    const labels = french.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('fr').compare));
    // 'États-Unis' sorts with the E's, not after Z as a plain comparison of code points would.
    expect(labels.indexOf('États-Unis')).toBeLessThan(labels.indexOf('France'));
  });

  it('names them in Japanese and Arabic too, and keeps the English list for English', () => {
    expect(countryOptions('ja').find((c) => c.value === 'JP')?.label).toBe('日本');
    expect(countryOptions('ar').find((c) => c.value === 'EG')?.label).toBe('مصر');
    expect(countryOptions('en')).toBe(COUNTRY_OPTIONS);
  });
});
