import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutocompleteResponse, PlaceDetails } from '#domain/places';
import { loadConfig } from '../../config.ts';
import {
  FAKE_GOOGLE_KEY,
  GOOGLE_PLACE_ID,
  startFakePlaces,
  type FakePlaces,
} from '../../test/places-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { placesUsage, users } from '../../db/schema.ts';
import { eq, sql } from 'drizzle-orm';
import { GOOGLE_DETAILS_FIELD_MASK } from './google-places.ts';
import { createPlacesProvider, PlacesUpstreamError } from './places.provider.ts';

let fake: FakePlaces;
let google: TestApp;
let photon: TestApp;
let nominatim: TestApp;
let none: TestApp;
let budgeted: TestApp;
/** The session of a signed-in user on each app: place search needs one. */
const sessionOf = new Map<TestApp, { cookie: string }>();

beforeAll(async () => {
  fake = await startFakePlaces();
  [google, photon, nominatim, none] = await Promise.all([
    createTestApp({ SEED: 'false', ...fake.googleEnv }),
    createTestApp({ SEED: 'false', ...fake.photonEnv }),
    createTestApp({ SEED: 'false', ...fake.nominatimEnv }),
    createTestApp({ SEED: 'false', PLACES_RATE_LIMIT: '3' }),
  ]);
  budgeted = await createTestApp({ SEED: 'false', ...fake.photonEnv, PLACES_PER_USER_PER_DAY: '2' });
  for (const t of [google, photon, nominatim, none]) sessionOf.set(t, await signIn(t.app, 'wizard_user'));
});
afterAll(async () => {
  await Promise.all([google, photon, nominatim, none, budgeted].map((t) => t?.close()));
  await fake?.close();
});

const get = (t: TestApp, url: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: sessionOf.get(t) ?? {} });
const visitorGet = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

const eiffelAddressComponents = [
  { longText: '5', shortText: '5', types: ['street_number'] },
  { longText: 'Avenue Anatole France', shortText: 'Avenue Anatole France', types: ['route'] },
  { longText: 'Paris', shortText: 'Paris', types: ['locality', 'political'] },
];

describe('GET /api/places/provider', () => {
  it('names the configured provider', async () => {
    expect((await get(google, '/api/places/provider')).json()).toEqual({ provider: 'google' });
    expect((await get(photon, '/api/places/provider')).json()).toEqual({ provider: 'osm' });
    expect((await get(nominatim, '/api/places/provider')).json()).toEqual({ provider: 'osm' });
    expect((await get(none, '/api/places/provider')).json()).toEqual({ provider: null });
  });
});

describe('GET /api/places/country', () => {
  it('names the country at a point, for visitors too, offline and cacheable', async () => {
    // Westminster, London.
    const london = await visitorGet(none, '/api/places/country?lng=-0.1246&lat=51.5007');
    expect(london.statusCode, london.body).toBe(200);
    expect(london.json()).toEqual({ country_code: 'GB' });
    expect(london.headers['cache-control']).toBe('public, max-age=86400');
    expect((await visitorGet(none, '/api/places/country?lng=2.2945&lat=48.8584')).json()).toEqual({
      country_code: 'FR',
    });
    // Signed in: the same answer for everyone, so it stays cacheable.
    const signedIn = await get(none, '/api/places/country?lng=139.7&lat=35.68');
    expect(signedIn.json()).toEqual({ country_code: 'JP' });
    expect(signedIn.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers null at sea', async () => {
    for (const url of [
      '/api/places/country?lng=-30&lat=40', // the mid-Atlantic
      '/api/places/country?lng=-150.25&lat=-40.5', // the South Pacific
      '/api/places/country?lng=0&lat=0',
    ]) {
      const res = await visitorGet(none, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ country_code: null });
    }
  });

  it('answers 400 problems for missing, non-numeric or out-of-range coordinates', async () => {
    const cases = [
      '/api/places/country',
      '/api/places/country?lng=-0.1246',
      '/api/places/country?lat=51.5',
      '/api/places/country?lng=&lat=',
      '/api/places/country?lng=abc&lat=51.5',
      '/api/places/country?lng=0x10&lat=51.5',
      '/api/places/country?lng=Infinity&lat=51.5',
      '/api/places/country?lng=181&lat=51.5',
      '/api/places/country?lng=0&lat=-90.5',
    ];
    for (const url of cases) {
      const res = await visitorGet(none, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.json(), url).toMatchObject({ status: 400, errors: expect.any(Array) as unknown });
    }
    const range = await visitorGet(none, '/api/places/country?lng=181&lat=51.5');
    expect(range.json()).toMatchObject({ detail: 'lng must be between -180 and 180' });
  });
});

describe('Google Places (New)', () => {
  it('autocompletes with the key and session token, keeping only place predictions', async () => {
    fake.requests.length = 0;
    const res = await get(google, '/api/places/autocomplete?input=eiffel%20tow&session_token=abc-123');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AutocompleteResponse>()).toEqual({
      suggestions: [
        {
          id: GOOGLE_PLACE_ID,
          primary_text: 'Eiffel Tower',
          secondary_text: 'Avenue Gustave Eiffel, Paris, France',
        },
      ],
    });
    const [call] = fake.requests;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete' });
    expect(call?.headers['x-goog-api-key']).toBe(FAKE_GOOGLE_KEY);
    expect(call?.body).toEqual({ input: 'eiffel tow', sessionToken: 'abc-123' });
  });

  it('fetches details with the field mask and session token, Google-shaped', async () => {
    fake.requests.length = 0;
    const res = await get(google, `/api/places/details/${GOOGLE_PLACE_ID}?session_token=abc-123`);
    expect(res.statusCode, res.body).toBe(200);
    const place = res.json<PlaceDetails>();
    expect(place).toMatchObject({
      id: GOOGLE_PLACE_ID,
      displayName: 'Eiffel Tower',
      formattedAddress: 'Av. Gustave Eiffel, 75007 Paris, France',
      location: { latitude: 48.8583701, longitude: 2.2944813 },
      viewport: {
        low: { latitude: 48.8569, longitude: 2.2931 },
        high: { latitude: 48.8597, longitude: 2.2958 },
      },
      types: ['tourist_attraction', 'point_of_interest', 'establishment'],
    });
    expect(place.addressComponents[1]).toEqual({
      longText: 'Avenue Anatole France',
      shortText: 'Av. Anatole France',
      types: ['route'],
    });
    const [call] = fake.requests;
    expect(call).toMatchObject({ method: 'GET', path: `/v1/places/${GOOGLE_PLACE_ID}` });
    expect(call?.query.get('sessionToken')).toBe('abc-123');
    expect(call?.headers['x-goog-fieldmask']).toBe(GOOGLE_DETAILS_FIELD_MASK);
  });

  it('answers 404 for a place Google does not know', async () => {
    const res = await get(google, '/api/places/details/ChIJunknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: 'Place not found' });
  });
});

describe('Photon', () => {
  it('autocompletes from GeoJSON features (skipping unreadable ones), then details from memory', async () => {
    fake.requests.length = 0;
    const res = await get(photon, '/api/places/autocomplete?input=eiffel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AutocompleteResponse>()).toEqual({
      suggestions: [
        {
          id: 'osm:W:5013364',
          primary_text: 'Eiffel Tower',
          secondary_text: '5 Avenue Anatole France, 75007 Paris, Île-de-France, France',
        },
      ],
    });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/api' });
    expect(fake.requests[0]?.query.get('q')).toBe('eiffel');

    const details = await get(photon, '/api/places/details/osm:W:5013364');
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<PlaceDetails>()).toMatchObject({
      id: 'osm:W:5013364',
      displayName: 'Eiffel Tower',
      location: { latitude: 48.8584, longitude: 2.2945 },
      types: ['point_of_interest', 'establishment', 'tourist_attraction'],
    });
    expect(details.json<PlaceDetails>().addressComponents).toEqual(
      expect.arrayContaining(eiffelAddressComponents),
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 404 for a place it has not suggested recently', async () => {
    const res = await get(photon, '/api/places/details/osm:N:1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Place not found' });
  });
});

describe('Nominatim', () => {
  it('autocompletes from /search and looks details up by OSM id', async () => {
    fake.requests.length = 0;
    const res = await get(nominatim, '/api/places/autocomplete?input=tour%20eiffel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AutocompleteResponse>().suggestions).toEqual([
      {
        id: 'osm:W:5013364',
        primary_text: 'Tour Eiffel',
        secondary_text: '5 Avenue Anatole France, 75007 Paris, Île-de-France, France',
      },
    ]);
    expect(fake.requests[0]?.path).toBe('/search');
    expect(fake.requests[0]?.query.get('format')).toBe('jsonv2');
    expect(fake.requests[0]?.query.get('addressdetails')).toBe('1');
    expect(fake.requests[0]?.headers['user-agent']).toMatch(/^AtlasOfBuildings\//);

    const details = await get(nominatim, '/api/places/details/osm:W:5013364');
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<PlaceDetails>()).toMatchObject({ id: 'osm:W:5013364', displayName: 'Tour Eiffel' });
    expect(fake.requests[1]?.path).toBe('/lookup');
    expect(fake.requests[1]?.query.get('osm_ids')).toBe('W5013364');
  });

  it('answers 404 for an unknown or non-OSM id', async () => {
    expect((await get(nominatim, '/api/places/details/osm:N:42')).statusCode).toBe(404);
    expect((await get(nominatim, `/api/places/details/${GOOGLE_PLACE_ID}`)).statusCode).toBe(404);
  });
});

describe('failures', () => {
  it('answers 503 when no provider is configured', async () => {
    for (const url of ['/api/places/autocomplete?input=x', '/api/places/details/abc']) {
      const res = await get(none, url, '10.0.0.1');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 503,
        title: 'Service Unavailable',
        detail: 'Place search is not configured',
      });
    }
  });

  it.each(['error', 'garbage'] as const)('answers 502 when the provider gives %s', async (mode) => {
    fake.mode = mode;
    try {
      for (const t of [google, photon, nominatim]) {
        const res = await get(t, '/api/places/autocomplete?input=eiffel');
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json()).toMatchObject({ status: 502, title: 'Bad Gateway' });
      }
      const res = await get(google, `/api/places/details/${GOOGLE_PLACE_ID}`);
      expect(res.statusCode).toBe(502);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('gives up on a provider that does not answer in time', async () => {
    fake.mode = 'hang';
    try {
      const config = loadConfig({ ...fake.googleEnv });
      const provider = createPlacesProvider(config, { timeoutMs: 150 });
      const started = Date.now();
      await expect(provider?.autocomplete('eiffel', undefined)).rejects.toBeInstanceOf(PlacesUpstreamError);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('validates the query and the id', async () => {
    const cases = [
      '/api/places/autocomplete',
      '/api/places/autocomplete?input=',
      '/api/places/autocomplete?input=%20%20',
      `/api/places/autocomplete?input=${'a'.repeat(201)}`,
      '/api/places/autocomplete?input=x&session_token=bad%20token',
      '/api/places/details/bad%20id',
    ];
    for (const url of cases) {
      const res = await get(google, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ status: 400, errors: expect.any(Array) as unknown });
    }
    const res = await get(google, '/api/places/autocomplete');
    expect(res.json()).toMatchObject({ detail: 'input is required' });
    // Fastify's own limit on path parameters (100 characters): a client error, never a 500.
    const long = await get(google, `/api/places/details/${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
  });

  it('rate-limits place search per IP with a 429 problem', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await get(none, '/api/places/autocomplete?input=x', '10.0.0.9');
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      }
    }
    expect(codes).toEqual([503, 503, 503, 429]);
    expect((await get(none, '/api/places/autocomplete?input=x', '10.0.0.10')).statusCode).toBe(503);
  });
});

describe('POST /api/parse-address', () => {
  const parse = (payload: unknown) =>
    google.app.inject({
      method: 'POST',
      url: '/api/parse-address',
      payload: payload as object,
      headers: sessionOf.get(google),
    });

  it('reads the address of picked place details as the wizard sends them', async () => {
    const details = (await get(google, `/api/places/details/${GOOGLE_PLACE_ID}`)).json<PlaceDetails>();
    const { formattedAddress, addressComponents, types, id } = details;
    const res = await parse({
      place_info: { formattedAddress, addressComponents, types, id },
      building_name: 'Eiffel Tower',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      error: null,
      address: {
        line1: '5 Avenue Anatole France',
        line2: null,
        line3: null,
        city: 'Paris',
        state: 'Île-de-France',
        postal_code: '75007',
        country_code: 'FR',
      },
    });
  });

  it('accepts components without shortText and a missing building name', async () => {
    const res = await parse({
      place_info: {
        formattedAddress: 'Unter den Linden 77, 10117 Berlin, Germany',
        addressComponents: [
          { longText: '77', types: ['street_number'] },
          { longText: 'Unter den Linden', types: ['route'] },
          { longText: 'Berlin', types: ['locality'] },
          { longText: 'Germany', shortText: 'DE', types: ['country'] },
        ],
        types: ['street_address'],
        id: 'x',
      },
    });
    expect(res.json()).toMatchObject({
      success: true,
      address: { line1: 'Unter den Linden 77', country_code: 'DE' },
    });
  });

  it('answers 200 with success false when nothing can be read', async () => {
    for (const place_info of [
      { formattedAddress: 'Somewhere', addressComponents: [], types: [], id: 'x' },
      { addressComponents: [{ longText: '8FVC9G8F+6X', shortText: '8FVC9G8F+6X', types: ['plus_code'] }] },
    ]) {
      const res = await parse({ place_info, building_name: 'Nowhere' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: false,
        error: expect.any(String) as unknown,
        address: null,
      });
    }
  });

  it('answers 400 for a body that is not a place', async () => {
    for (const body of [
      {},
      { place_info: 'Paris' },
      { place_info: { addressComponents: 'no' } },
      { place_info: { addressComponents: [{ types: ['route'] }] } },
      { place_info: { addressComponents: [] }, building_name: 42 },
    ]) {
      const res = await parse(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errors: expect.any(Array) as unknown });
    }
  });
});

describe('place search is for signed-in users, within a daily budget', () => {
  it('answers 401 to a visitor and never calls the provider', async () => {
    fake.requests.length = 0;
    for (const url of [
      '/api/places/autocomplete?input=eiffel&session_token=abc',
      `/api/places/details/${GOOGLE_PLACE_ID}?session_token=abc`,
    ]) {
      const res = await visitorGet(google, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const parse = await google.app.inject({
      method: 'POST',
      url: '/api/parse-address',
      payload: { place_info: { addressComponents: [] }, building_name: 'x' },
    });
    expect(parse.statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
    // Which provider exists is no secret: the wizard asks before showing the search.
    expect((await visitorGet(google, '/api/places/provider')).statusCode).toBe(200);
  });

  it('refuses a user past PLACES_PER_USER_PER_DAY with a 429 problem until the next day', async () => {
    const ann = await signIn(budgeted.app, 'ann');
    const ben = await signIn(budgeted.app, 'ben');
    const search = (who: { cookie: string }, i: number) =>
      budgeted.app.inject({
        method: 'GET',
        url: `/api/places/autocomplete?input=eiffel${i}`,
        headers: who,
        // A different address each time: the per-IP limit is not what refuses here.
        remoteAddress: `10.1.0.${i}`,
      });
    fake.requests.length = 0;
    const codes = [];
    for (let i = 1; i <= 3; i++) codes.push((await search(ann, i)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect(fake.requests).toHaveLength(2); // the refused search never reached the provider
    const refused = await search(ann, 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json<{ detail: string }>().detail).toMatch(/today's 2 place searches/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    // Details count too.
    const details = await budgeted.app.inject({
      method: 'GET',
      url: '/api/places/details/osm:W:5013364',
      headers: ann,
    });
    expect(details.statusCode).toBe(429);
    // Per user: Ben still searches.
    expect((await search(ben, 5)).statusCode).toBe(200);
    // The next day (the count moved back a day): Ann searches again.
    const [annRow] = await budgeted.app.db.select().from(users).where(eq(users.handle, 'ann'));
    await budgeted.app.db
      .update(placesUsage)
      .set({ day: sql`${placesUsage.day} - 1` })
      .where(eq(placesUsage.user_id, annRow!.id));
    expect((await search(ann, 6)).statusCode).toBe(200);
  });
});
