import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createBuildingBodySchema,
  normalizeBuildingName,
  updateBuildingBodySchema,
} from './building-write.ts';

describe('normalizeBuildingName (design: duplicate buildings)', () => {
  it.each([
    ['Notre-Dame de Paris', 'notre dame de paris'],
    ['  NOTRE dame   de  PARIS!! ', 'notre dame de paris'],
    ['Sagrada Família', 'sagrada familia'],
    ['Hôtel  de  Ville', 'hotel de ville'],
    ["St. Paul's Cathedral", 'st paul s cathedral'],
    ['Empire_State—Building', 'empire state building'],
    ['東京タワー', '東京タワー'],
  ])('%s -> %s', (name, normalized) => {
    expect(normalizeBuildingName(name)).toBe(normalized);
  });
});

const valid = {
  name: 'Villa Savoye',
  place_id: null,
  year_built: 1931,
  year_demolished: null,
  description: 'A house',
  coordinates: [2.0283, 48.9244],
  architectural_styles: [3],
  address: { line1: '82 Rue de Villiers', city: 'Poissy', country_code: 'fr' },
};

function messages(body: unknown, schema: z.ZodType = createBuildingBodySchema): string[] {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('building payload (product §3 and §5)', () => {
  it('accepts the payload, empties to null, country upper-cased, US by default', () => {
    const parsed = createBuildingBodySchema.parse({ ...valid, description: '  ', place_id: '' });
    expect(parsed).toMatchObject({
      description: null,
      place_id: null,
      address: { line1: '82 Rue de Villiers', line2: null, country_code: 'FR' },
    });
    expect(createBuildingBodySchema.parse({ ...valid, address: { line1: 'x' } }).address.country_code).toBe(
      'US',
    );
  });

  it.each([
    [{ name: '  ' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ coordinates: [181, 0] }, 'Longitude must be between -180 and 180 degrees'],
    [{ coordinates: [-180.5, 0] }, 'Longitude must be between -180 and 180 degrees'],
    [{ coordinates: [0, 90.1] }, 'Latitude must be between -90 and 90 degrees'],
    [{ coordinates: ['a', 0] }, 'Invalid longitude value'],
    [{ coordinates: [0, null] }, 'Invalid latitude value'],
    [{ coordinates: null }, 'Invalid coordinates'],
    [{ coordinates: [1] }, 'Invalid coordinates'],
    [{ year_built: 1950, year_demolished: 1949 }, 'Year demolished cannot be before year built'],
    [{ year_built: 1950.5 }, 'Year built must be a whole number'],
    [{ year_built: -10001 }, 'Year built must be between -10000'],
    [{ architectural_styles: [] }, 'Please select at least one architectural style'],
    [{ architectural_styles: [2147483648] }, 'Architectural styles must be style ids'],
    [{ address: { line1: ' ' } }, 'Address line 1 is required'],
    [{ address: undefined }, 'Address line 1 is required'],
    [{ address: { line1: 'x', country_code: 'USA' } }, 'Country must be a two-letter ISO code'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(messages({ ...valid, ...change }).join(' | ')).toContain(message);
  });

  it('lets an edit leave the address out but not the id', () => {
    expect(messages({ ...valid, id: 4, address: undefined }, updateBuildingBodySchema)).toEqual([]);
    expect(messages({ ...valid }, updateBuildingBodySchema)).toEqual(['id must be the building id']);
  });
});
