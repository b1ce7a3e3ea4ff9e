import { describe, expect, it } from 'vitest';
import { createBuildingBodySchema } from '#domain/building-write';
import { coordinateRangeErrors, coordinatesOf, nameError, yearErrors } from './building-fields.ts';

const now = new Date(2026, 5, 1);

/** What the API answers for one field of an otherwise valid payload (the server parses with this schema). */
function serverMessage(patch: Record<string, unknown>, field: string): string | undefined {
  const body = {
    name: 'Hall',
    place_id: null,
    year_built: null,
    year_demolished: null,
    description: null,
    coordinates: [2, 48],
    architectural_styles: [1],
    address: { line1: '1 Street', country_code: 'FR' },
    ...patch,
  };
  const parsed = createBuildingBodySchema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('the building forms say what the API says (rules from the domain schemas)', () => {
  it('coordinates out of range: the same product §5 messages', () => {
    const errors = coordinateRangeErrors({ longitude: '181', latitude: '-90.5' });
    expect(errors.longitude).toBe('Longitude must be between -180 and 180 degrees');
    expect(errors.latitude).toBe('Latitude must be between -90 and 90 degrees');
    expect(errors.longitude).toBe(serverMessage({ coordinates: [181, 0] }, 'coordinates'));
    expect(errors.latitude).toBe(serverMessage({ coordinates: [0, -90.5] }, 'coordinates'));
    expect(coordinatesOf({ longitude: '-180', latitude: '90' })).toEqual([-180, 90]);
    expect(coordinatesOf({ longitude: '', latitude: '90' })).toBeNull();
  });

  it("years: 'Year demolished cannot be before year built', range and whole numbers, as the API", () => {
    expect(yearErrors({ yearBuilt: '1900', yearDemolished: '1899' }, now).yearDemolished).toBe(
      serverMessage({ year_built: 1900, year_demolished: 1899 }, 'year_demolished'),
    );
    expect(yearErrors({ yearBuilt: '1900', yearDemolished: '1899' }, now).yearDemolished).toBe(
      'Year demolished cannot be before year built',
    );
    expect(yearErrors({ yearBuilt: '-10001', yearDemolished: '' }, now).yearBuilt).toBe(
      serverMessage({ year_built: -10001 }, 'year_built'),
    );
    // The order rule only speaks when both years are fine on their own.
    expect(yearErrors({ yearBuilt: '2100', yearDemolished: '1800' }, now)).toEqual({
      yearBuilt: 'Year built must be between -10000 and 2026',
    });
  });

  it('name: required, and at most 200 characters, with the API messages', () => {
    expect(nameError('  ')).toBe('Name is required');
    expect(nameError('  ')).toBe(serverMessage({ name: '  ' }, 'name'));
    expect(nameError('x'.repeat(201))).toBe(serverMessage({ name: 'x'.repeat(201) }, 'name'));
    expect(nameError('Hall')).toBeUndefined();
  });
});
