/**
 * A stand-in for the place services at the HTTP boundary, on a loopback port: Google Places API
 * (New) under /v1, Photon at /api and Nominatim at /search and /lookup. It records what it was
 * asked, and can be told to fail, hang or answer garbage.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export type FakeMode = 'ok' | 'error' | 'hang' | 'garbage';

export interface FakePlaces {
  url: string;
  requests: FakeRequest[];
  mode: FakeMode;
  /** Env for createTestApp pointing the server at this fake as each provider. */
  googleEnv: Record<string, string>;
  photonEnv: Record<string, string>;
  nominatimEnv: Record<string, string>;
  close(): Promise<void>;
}

export const FAKE_GOOGLE_KEY = 'test-maps-key';
export const GOOGLE_PLACE_ID = 'ChIJLU7jZClu5kcR4PcOOO6p3I0';

export const googleEiffel = {
  id: GOOGLE_PLACE_ID,
  displayName: { text: 'Eiffel Tower', languageCode: 'en' },
  formattedAddress: 'Av. Gustave Eiffel, 75007 Paris, France',
  location: { latitude: 48.8583701, longitude: 2.2944813 },
  viewport: {
    low: { latitude: 48.8569, longitude: 2.2931 },
    high: { latitude: 48.8597, longitude: 2.2958 },
  },
  addressComponents: [
    { longText: '5', shortText: '5', types: ['street_number'], languageCode: 'en' },
    {
      longText: 'Avenue Anatole France',
      shortText: 'Av. Anatole France',
      types: ['route'],
      languageCode: 'fr',
    },
    { longText: 'Paris', shortText: 'Paris', types: ['locality', 'political'], languageCode: 'fr' },
    { longText: 'Île-de-France', shortText: 'IDF', types: ['administrative_area_level_1', 'political'] },
    { longText: 'France', shortText: 'FR', types: ['country', 'political'], languageCode: 'en' },
    { longText: '75007', shortText: '75007', types: ['postal_code'], languageCode: 'en' },
  ],
  types: ['tourist_attraction', 'point_of_interest', 'establishment'],
};

const photonFeatures = [
  {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [2.2945, 48.8584] },
    properties: {
      osm_type: 'W',
      osm_id: 5013364,
      osm_key: 'tourism',
      osm_value: 'attraction',
      type: 'house',
      name: 'Eiffel Tower',
      housenumber: '5',
      street: 'Avenue Anatole France',
      city: 'Paris',
      state: 'Île-de-France',
      country: 'France',
      countrycode: 'FR',
      postcode: '75007',
      extent: [2.2933, 48.859, 2.2956, 48.8574],
    },
  },
  { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { name: 'broken' } },
];

const nominatimEiffel = {
  place_id: 1,
  osm_type: 'way',
  osm_id: 5013364,
  lat: '48.8582599',
  lon: '2.2945006',
  category: 'tourism',
  type: 'attraction',
  addresstype: 'tourism',
  name: 'Tour Eiffel',
  display_name: 'Tour Eiffel, 5, Avenue Anatole France, Paris, Île-de-France, 75007, France',
  address: {
    tourism: 'Tour Eiffel',
    house_number: '5',
    road: 'Avenue Anatole France',
    city: 'Paris',
    state: 'Île-de-France',
    'ISO3166-2-lvl4': 'FR-IDF',
    postcode: '75007',
    country: 'France',
    country_code: 'fr',
  },
  boundingbox: ['48.8574753', '48.8590453', '2.2933084', '2.2956897'],
};

function answer(req: FakeRequest): { status: number; body: unknown } {
  const { method, path } = req;
  if (method === 'POST' && path === '/v1/places:autocomplete') {
    if (req.headers['x-goog-api-key'] !== FAKE_GOOGLE_KEY) return { status: 403, body: { error: 'key' } };
    return {
      status: 200,
      body: {
        suggestions: [
          {
            placePrediction: {
              place: `places/${GOOGLE_PLACE_ID}`,
              placeId: GOOGLE_PLACE_ID,
              text: { text: 'Eiffel Tower, Avenue Gustave Eiffel, Paris, France' },
              structuredFormat: {
                mainText: { text: 'Eiffel Tower' },
                secondaryText: { text: 'Avenue Gustave Eiffel, Paris, France' },
              },
              types: ['tourist_attraction'],
            },
          },
          { queryPrediction: { text: { text: 'eiffel tower tickets' } } },
        ],
      },
    };
  }
  if (method === 'GET' && path.startsWith('/v1/places/')) {
    const id = decodeURIComponent(path.slice('/v1/places/'.length));
    if (id !== GOOGLE_PLACE_ID) return { status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } };
    return { status: 200, body: googleEiffel };
  }
  if (method === 'GET' && path === '/api')
    return { status: 200, body: { type: 'FeatureCollection', features: photonFeatures } };
  if (method === 'GET' && path === '/search') return { status: 200, body: [nominatimEiffel, { junk: true }] };
  if (method === 'GET' && path === '/lookup') {
    return { status: 200, body: req.query.get('osm_ids') === 'W5013364' ? [nominatimEiffel] : [] };
  }
  return { status: 404, body: { error: 'no such fake route' } };
}

export async function startFakePlaces(): Promise<FakePlaces> {
  const requests: FakeRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const fake = { mode: 'ok' as FakeMode };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const record: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : null,
      };
      requests.push(record);
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"boom"}');
        return;
      }
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('<html>not json</html>');
        return;
      }
      const { status, body } = answer(record);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    requests,
    googleEnv: { GOOGLE_MAPS_API_KEY: FAKE_GOOGLE_KEY, GOOGLE_PLACES_URL: `${url}/v1` },
    photonEnv: { GEOCODER_URL: url, GEOCODER_KIND: 'photon' },
    nominatimEnv: { GEOCODER_URL: url, GEOCODER_KIND: 'nominatim' },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  });
}
