import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildingFeatureCollectionSchema,
  type BuildingFeature,
  type BuildingFeatureCollection,
} from '#domain/building-map';
import { buildingDetailSchema } from '#domain/building-detail';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertBuildings, insertStyles } from '../../test/fixtures.ts';
import { insertWorldBuildings } from './buildings.test-support.ts';

let t: TestApp;
let ids: Map<string, number>;
let styles: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', GEOJSON_MAX_FEATURES: '50' });
  ({ ids, styles } = await insertWorldBuildings(t.app.db, 'adder'));
});

afterAll(async () => {
  await t?.close();
});

async function geojson(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/geojson${query}` });
  return res;
}

const pointsOf = (body: BuildingFeatureCollection) =>
  body.features.filter((f): f is BuildingFeature => !f.properties.cluster);

async function namesIn(query: string): Promise<string[]> {
  const res = await geojson(query);
  expect(res.statusCode, res.body).toBe(200);
  const body = buildingFeatureCollectionSchema.parse(res.json());
  expect(body.truncated).toBe(false);
  return pointsOf(body)
    .map((f) => f.properties.name)
    .sort();
}

describe('GET /api/buildings/geojson', () => {
  it('returns every building as a GeoJSON point with [lng, lat] and the product description properties', async () => {
    const res = await geojson('');
    expect(res.statusCode).toBe(200);
    const body = buildingFeatureCollectionSchema.parse(res.json());
    expect(body.type).toBe('FeatureCollection');
    expect(body.truncated).toBe(false);
    expect(body.features).toHaveLength(7);
    expect(body.total).toBe(7);
    expect(body.approximate).toBe(false);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const paris = pointsOf(body).find((f) => f.properties.name === 'Paris Gothic')!;
    expect(paris.geometry).toEqual({ type: 'Point', coordinates: [2.35, 48.85] });
    expect(paris.id).toBe(ids.get('Paris Gothic'));
    expect(paris.properties).toEqual({
      cluster: false,
      id: ids.get('Paris Gothic'),
      name: 'Paris Gothic',
      description: 'Paris Gothic description',
      year_built: 1260,
      year_demolished: null,
      cover_image: null,
      image_count: 0,
      views: 0,
      vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
    });
  });

  it('filters by a viewport', async () => {
    expect(await namesIn('?north=52&south=48&east=17&west=-1')).toEqual([
      'London Brutal',
      'Paris Gothic',
      'Vienna Baroque',
    ]);
    expect(await namesIn('?north=50&south=48&east=3&west=2')).toEqual(['Paris Gothic']);
  });

  it('handles a viewport crossing the antimeridian (west greater than east)', async () => {
    expect(await namesIn('?north=0&south=-30&east=-170&west=170')).toEqual([
      'Exactly 180',
      'Fiji East',
      'Samoa West',
    ]);
    // The same viewport as a panned map reports it, with east beyond 180.
    expect(await namesIn('?north=0&south=-30&east=190&west=170')).toEqual([
      'Exactly 180',
      'Fiji East',
      'Samoa West',
    ]);
    // Only the western side of the line.
    expect(await namesIn('?north=0&south=-30&east=180&west=175')).toEqual(['Exactly 180', 'Fiji East']);
    // A viewport wider than the world returns everything in its latitudes.
    expect(await namesIn('?north=0&south=-30&east=200&west=-200')).toEqual([
      'Exactly 180',
      'Fiji East',
      'Samoa West',
    ]);
  });

  it('includes buildings exactly on the viewport edge', async () => {
    expect(await namesIn('?north=48.85&south=48.85&east=2.35&west=2.35')).toEqual(['Paris Gothic']);
  });

  it('filters by years built, inclusive, and leaves out unknown years', async () => {
    expect(await namesIn('?builtAfterDate=1900&builtBeforeDate=1905')).toEqual(['Fiji East', 'Samoa West']);
    expect(await namesIn('?builtBeforeDate=1723')).toEqual(['Paris Gothic', 'Vienna Baroque']);
    expect(await namesIn('?builtAfterDate=1973')).toEqual(['Gone Tower', 'London Brutal']);
    expect(await namesIn('?builtAfterDate=-10000&builtBeforeDate=-1')).toEqual([]);
  });

  it('filters by architectural styles: a building matches any of them, once', async () => {
    expect(await namesIn(`?archStyles=${styles.get('Gothic')}`)).toEqual(['Paris Gothic', 'Vienna Baroque']);
    expect(await namesIn(`?archStyles=${styles.get('Baroque')},${styles.get('Brutalism')}`)).toEqual([
      'London Brutal',
      'Vienna Baroque',
    ]);
    expect(await namesIn('?archStyles=999999')).toEqual([]);
  });

  it('combines every filter', async () => {
    expect(
      await namesIn(
        `?north=60&south=40&east=20&west=-5&builtAfterDate=1700&archStyles=${styles.get('Gothic')}`,
      ),
    ).toEqual(['Vienna Baroque']);
  });

  it('sends clusters instead of points beyond the maximum, and says so', async () => {
    const small = await createTestApp({ SEED: 'false', GEOJSON_MAX_FEATURES: '2' });
    try {
      const s = await insertStyles(small.app.db, ['Gothic']);
      await insertBuildings(
        small.app.db,
        [1, 2, 3].map((i) => ({ name: `B${i}`, lng: i, lat: i, year_built: 2000 })),
        s,
      );
      const res = await small.app.inject({ method: 'GET', url: '/api/buildings/geojson' });
      const body = buildingFeatureCollectionSchema.parse(res.json());
      // The whole world at the default zoom: 22.5° cells, so the three share one.
      expect(body.features).toHaveLength(1);
      expect(body.features[0]!.properties).toMatchObject({ cluster: true, point_count: 3 });
      expect(body.truncated).toBe(true);
      expect(body.total).toBe(3);
    } finally {
      await small.close();
    }
  });

  it.each([
    ['north=abc&south=0&east=1&west=0', 'north'],
    ['north=&south=0&east=1&west=0', 'north'],
    ['north=91&south=0&east=1&west=0', 'north'],
    ['north=10&south=-91&east=1&west=0', 'south'],
    ['north=10&south=20&east=1&west=0', 'north must not be below south'],
    ['north=10&south=0', 'given together'],
    ['north=10&south=0&east=1&west=-1000', 'west'],
    ['north=1e3&south=0&east=1&west=0', 'north'],
    ['builtAfterDate=12.5', 'builtAfterDate'],
    ['builtAfterDate=-10001', 'builtAfterDate'],
    ['builtBeforeDate=year', 'builtBeforeDate'],
    ['archStyles=1,,2', 'archStyles'],
    ['archStyles=gothic', 'archStyles'],
    ['archStyles=-3', 'archStyles'],
    ['archStyles=2147483648', 'archStyles'],
  ])('answers 400 problem JSON for %s', async (query, mentions) => {
    const res = await geojson(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json<{
      type: string;
      title: string;
      status: number;
      detail: string;
      errors: unknown[];
    }>();
    expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(body.detail).toContain(mentions);
    expect(body.errors.length).toBeGreaterThan(0);
  });
});

describe('GET /api/buildings/{id}', () => {
  it('returns the building detail of product §3', async () => {
    const id = ids.get('Vienna Baroque')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
    expect(res.statusCode).toBe(200);
    const body = buildingDetailSchema.parse(res.json());
    expect(body).toMatchObject({
      id,
      name: 'Vienna Baroque',
      coordinates: [16.37, 48.2],
      year_built: 1723,
      year_demolished: null,
      description: 'Vienna Baroque description',
      architectural_styles: [
        { id: styles.get('Baroque'), name: 'Baroque' },
        { id: styles.get('Gothic'), name: 'Gothic' },
      ],
      images: [],
      vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
      user_vote: null,
      added_by: { handle: 'adder' },
    });
  });

  it('carries the demolition year', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${ids.get('Gone Tower')}` });
    expect(res.json()).toMatchObject({ year_built: 1973, year_demolished: 2001 });
  });

  it('counts each view', async () => {
    const id = ids.get('London Brutal')!;
    await t.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
    expect(res.json<{ views: number }>().views).toBe(2);
    // The map shows views once they are written (every few seconds, in a batch).
    await t.app.buildingViews.flush();
    const map = await geojson('?north=52&south=51&east=0&west=-1');
    expect(pointsOf(buildingFeatureCollectionSchema.parse(map.json()))[0]!.properties.views).toBe(2);
  });

  it('answers 404 problem JSON for a building that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/buildings/987654' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Building not found',
    });
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999'])(
    'answers 400 for the id %s',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    },
  );
});
