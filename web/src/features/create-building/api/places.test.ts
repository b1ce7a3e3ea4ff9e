// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../../../testing/render.tsx';
import type { PlaceDetails } from '../model/places.ts';
import { parsePlaceAddress } from './places.ts';

const place: PlaceDetails = {
  id: 'place-1',
  displayName: 'Flatiron Building',
  formattedAddress: '175 5th Ave, New York, NY 10010, USA',
  location: { latitude: 40.7411, longitude: -73.9897 },
  viewport: null,
  addressComponents: [],
  types: ['premise'],
};
const address = {
  line1: '175 5th Ave',
  line2: null,
  line3: null,
  city: 'New York',
  state: 'NY',
  postal_code: '10010',
  country_code: 'US',
};

describe('parse-address (product §4: a failed parse leaves the address to the user, the wizard goes on)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives the parsed address', async () => {
    stubFetch({ 'POST /api/parse-address': () => json({ success: true, error: null, address }) });
    expect(await parsePlaceAddress(place, 'Flatiron Building')).toEqual(address);
  });

  it('gives null for an error answer or an unsuccessful parse, never throws', async () => {
    stubFetch({ 'POST /api/parse-address': () => problem(502, 'Bad Gateway', 'down') });
    expect(await parsePlaceAddress(place, 'Flatiron Building')).toBeNull();
    stubFetch({
      'POST /api/parse-address': () => json({ success: false, error: 'no match', address: null }),
    });
    expect(await parsePlaceAddress(place, 'Flatiron Building')).toBeNull();
  });
});
