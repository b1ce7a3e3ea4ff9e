import { describe, expect, it } from 'vitest';
import type { BuildingDetail } from '#domain/building-detail';
import {
  MESSAGES,
  coordinatesOf,
  hasErrors,
  parseCoordinate,
  parseYear,
  splitPastedCoordinates,
  updateBuildingBody,
  validateEditBuilding,
  valuesFromBuilding,
  type EditBuildingValues,
} from './edit-building-form.ts';

const now = new Date(2026, 5, 1);

const building: BuildingDetail = {
  id: 12,
  name: 'Eiffel Tower',
  coordinates: [2.2945, 48.8584],
  year_built: 1889,
  year_demolished: null,
  place_id: null,
  description: 'Wrought-iron lattice tower',
  architects: [],
  architectural_styles: [
    { id: 3, name: 'Structural Expressionism' },
    { id: 9, name: 'Art Nouveau' },
  ],
  images: [],
  cover_image: null,
  image_count: 0,
  views: 1,
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  user_vote: null,
  added_by: { id: 1, handle: 'demo' },
  address: {
    line1: 'Champ de Mars',
    line2: null,
    line3: null,
    city: 'Paris',
    state: null,
    postal_code: '75007',
    country_code: 'FR',
  },
  created_at: '2026-01-01T00:00:00Z',
};

const valid = (patch: Partial<EditBuildingValues> = {}): EditBuildingValues => ({
  ...valuesFromBuilding(building),
  ...patch,
});

describe('coordinate paste (product §5: a pasted "lat, lng" is split into the two fields)', () => {
  it('splits "lat, lng" into latitude and longitude', () => {
    expect(splitPastedCoordinates('48.8584, 2.2945')).toEqual({ latitude: '48.8584', longitude: '2.2945' });
    expect(splitPastedCoordinates(' -33.8568,151.2153 ')).toEqual({
      latitude: '-33.8568',
      longitude: '151.2153',
    });
  });

  it('gives [lng, lat] coordinates once split', () => {
    const split = splitPastedCoordinates('40.6892, -74.0445');
    expect(split && coordinatesOf(split)).toEqual([-74.0445, 40.6892]);
  });

  it('does not split when either number is not a valid coordinate', () => {
    expect(splitPastedCoordinates('120.5, 30.2')).toBeNull(); // 120.5 is no latitude
    expect(splitPastedCoordinates('45, 200')).toBeNull(); // 200 is no longitude
    expect(splitPastedCoordinates('48.8, abc')).toBeNull();
    expect(splitPastedCoordinates('48.8584')).toBeNull();
    expect(splitPastedCoordinates('1, 2, 3')).toBeNull();
    expect(splitPastedCoordinates(', 2')).toBeNull();
  });
});

describe('parseCoordinate', () => {
  it('reads plain decimals only', () => {
    expect(parseCoordinate(' -74.0445 ')).toBe(-74.0445);
    expect(parseCoordinate('.5')).toBe(0.5);
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('1e2')).toBeNull();
    expect(parseCoordinate('12abc')).toBeNull();
  });
});

describe('parseYear (product §5: integers, or null if empty)', () => {
  it('parses whole years, negative ones included', () => {
    expect(parseYear('1889')).toBe(1889);
    expect(parseYear(' -432 ')).toBe(-432);
  });

  it('gives null for an empty box', () => {
    expect(parseYear('')).toBeNull();
    expect(parseYear('   ')).toBeNull();
  });

  it('gives NaN for anything that is not a whole number', () => {
    expect(parseYear('18.5')).toBeNaN();
    expect(parseYear('abc')).toBeNaN();
  });
});

describe('validateEditBuilding (product §5)', () => {
  it('accepts the building as it is', () => {
    expect(validateEditBuilding(valid(), { submitting: true, now })).toEqual({});
  });

  it('requires a name', () => {
    expect(validateEditBuilding(valid({ name: '  ' }), { now }).name).toBe(MESSAGES.nameRequired);
  });

  it('gives the range messages for longitude and latitude', () => {
    const errors = validateEditBuilding(valid({ longitude: '181', latitude: '-90.5' }), { now });
    expect(errors.longitude).toBe('Longitude must be between -180 and 180 degrees');
    expect(errors.latitude).toBe('Latitude must be between -90 and 90 degrees');
    expect(validateEditBuilding(valid({ longitude: '-180', latitude: '90' }), { now })).toEqual({});
  });

  it("gives 'Invalid coordinates' on submit for empty or unreadable coordinates", () => {
    expect(validateEditBuilding(valid({ longitude: '' }), { now })).toEqual({});
    expect(validateEditBuilding(valid({ longitude: '' }), { submitting: true, now })).toEqual({
      coordinates: 'Invalid coordinates',
    });
    expect(validateEditBuilding(valid({ latitude: 'north' }), { submitting: true, now }).coordinates).toBe(
      'Invalid coordinates',
    );
    // Out of range: the field's own message, not a second one.
    expect(validateEditBuilding(valid({ latitude: '91' }), { submitting: true, now })).toEqual({
      latitude: 'Latitude must be between -90 and 90 degrees',
    });
  });

  it("gives 'Year demolished cannot be before year built'", () => {
    expect(
      validateEditBuilding(valid({ yearBuilt: '1900', yearDemolished: '1899' }), { now }).yearDemolished,
    ).toBe('Year demolished cannot be before year built');
    expect(validateEditBuilding(valid({ yearBuilt: '1900', yearDemolished: '1900' }), { now })).toEqual({});
    expect(validateEditBuilding(valid({ yearBuilt: '', yearDemolished: '1800' }), { now })).toEqual({});
  });

  it('refuses years that are not whole numbers or out of range', () => {
    expect(validateEditBuilding(valid({ yearBuilt: '19.5' }), { now }).yearBuilt).toBe(
      'Year built must be a whole number',
    );
    expect(validateEditBuilding(valid({ yearDemolished: '2100' }), { now }).yearDemolished).toBe(
      'Year demolished must be between -10000 and 2026',
    );
  });

  it('asks for at least one architectural style on submit', () => {
    const errors = validateEditBuilding(valid({ architecturalStyles: [] }), { submitting: true, now });
    expect(errors.architecturalStyles).toBe(MESSAGES.stylesRequired);
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({})).toBe(false);
  });
});

describe('updateBuildingBody (product §3: the building payload with its id)', () => {
  it('sends every field, with the id, [lng, lat] and style ids', () => {
    expect(updateBuildingBody(building, valid({ name: ' Tour Eiffel ', yearDemolished: '' }))).toEqual({
      id: 12,
      name: 'Tour Eiffel',
      place_id: null,
      year_built: 1889,
      year_demolished: null,
      description: 'Wrought-iron lattice tower',
      coordinates: [2.2945, 48.8584],
      architectural_styles: [3, 9],
      architects: [],
      address: {
        line1: 'Champ de Mars',
        line2: null,
        line3: null,
        city: 'Paris',
        state: null,
        postal_code: '75007',
        country_code: 'FR',
      },
    });
  });

  it("starts from the building's architects and sends the edited names", () => {
    const withArchitects = { ...building, architects: [{ id: 4, name: 'Gustave Eiffel' }] };
    expect(valuesFromBuilding(withArchitects).architects).toEqual(['Gustave Eiffel']);
    const values = {
      ...valuesFromBuilding(withArchitects),
      architects: ['Gustave Eiffel', 'Stephen Sauvestre'],
    };
    expect(updateBuildingBody(withArchitects, values).architects).toEqual([
      'Gustave Eiffel',
      'Stephen Sauvestre',
    ]);
  });

  it('sends an empty description as null and years as integers', () => {
    const body = updateBuildingBody(
      building,
      valid({ description: '   ', yearBuilt: '-20', yearDemolished: '5' }),
    );
    expect(body.description).toBeNull();
    expect(body.year_built).toBe(-20);
    expect(body.year_demolished).toBe(5);
  });

  it('leaves the address out when it has no first line', () => {
    const noAddress = { ...building, address: { ...building.address, line1: null } };
    expect(updateBuildingBody(noAddress, valid())).not.toHaveProperty('address');
  });
});
