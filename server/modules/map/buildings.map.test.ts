/** The map at scale: grid clusters beyond GEOJSON_MAX_FEATURES, and grid counts kept up to date. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingsGeojsonQuerySchema } from '#domain/building-map';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertBuildings, insertStyles, insertUser, type FixtureBuilding } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import { renderClusters, planMap } from './buildings.map.ts';
import {
  accountedFor,
  clustersOf,
  expectGridMatchesBuildings,
  getGeojson,
  pointsOf,
} from '../buildings/buildings.test-support.ts';

let t: TestApp;
let styles: Map<string, number>;

const around = (name: string, lng: number, lat: number, n: number, year0: number, step = 0.001) =>
  Array.from({ length: n }, (_, i): FixtureBuilding => ({
    name: `${name} ${i + 1}`,
    lng: lng + i * step,
    lat: lat + i * step,
    year_built: year0 + i,
    styles: i % 2 === 0 ? ['Gothic'] : ['Modern'],
  }));

const EUROPE = '?north=55&south=40&east=20&west=-5';
const PACIFIC = '?north=0&south=-30&east=-170&west=170';

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', GEOJSON_MAX_FEATURES: '5' });
  const adder = await insertUser(t.app.db, 'mapper');
  styles = await insertStyles(t.app.db, ['Gothic', 'Modern']);
  await insertBuildings(
    t.app.db,
    [
      ...around('Paris', 2.34, 48.85, 8, 1800),
      ...around('Berlin', 13.4, 52.52, 4, 1900),
      { name: 'Lyon', lng: 4.83, lat: 45.76, year_built: 1500, styles: ['Gothic'] },
      ...around('Fiji', 179.5, -17, 4, 1950, 0.1),
      ...around('Samoa', -179.8, -16, 3, 1960, 0.1),
      ...around('New York', -74, 40.7, 2, 1930),
    ],
    styles,
    adder.id,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/buildings/geojson with more buildings than GEOJSON_MAX_FEATURES', () => {
  it('sends clusters whose counts, with the single points, add up to every building', async () => {
    const body = await getGeojson(t.app, '');
    expect(body.truncated).toBe(true);
    expect(body.approximate).toBe(false);
    expect(body.total).toBe(22);
    expect(accountedFor(body)).toBe(22);
    expect(body.features.length).toBeLessThanOrEqual(5);
    for (const c of clustersOf(body)) {
      expect(c.properties.point_count).toBeGreaterThanOrEqual(2);
      expect(c.properties.cluster_id).toMatch(/^\d+\/\d+\/\d+$/);
      expect(c.properties.point_count_abbreviated).toBe(String(c.properties.point_count));
      const [w, s, e, n] = c.properties.bounds;
      const [lng, lat] = c.geometry.coordinates;
      expect(lng).toBeGreaterThanOrEqual(w);
      expect(lng).toBeLessThanOrEqual(e);
      expect(lat).toBeGreaterThanOrEqual(s);
      expect(lat).toBeLessThanOrEqual(n);
      expect(c.properties.expansion_zoom).toBeGreaterThan(1);
    }
  });

  it('clusters a viewport, widened to whole grid cells, and sends a lone building as its point', async () => {
    const body = await getGeojson(t.app, EUROPE);
    expect(body.total).toBe(13);
    expect(accountedFor(body)).toBe(13);
    expect(pointsOf(body).map((p) => p.properties.name)).toEqual(['Lyon']);
    expect(
      clustersOf(body)
        .map((c) => c.properties.point_count)
        .sort(),
    ).toEqual([4, 8]);
    const [w, s, e, n] = body.bbox;
    expect(w).toBeLessThanOrEqual(-5);
    expect(s).toBeLessThanOrEqual(40);
    expect(e).toBeGreaterThanOrEqual(20);
    expect(n).toBeGreaterThanOrEqual(55);
  });

  it('clusters across the antimeridian, wrapped or unwrapped', async () => {
    const body = await getGeojson(t.app, PACIFIC);
    expect(body.truncated).toBe(true);
    expect(body.total).toBe(7);
    expect(accountedFor(body)).toBe(7);
    expect(body.bbox[0]).toBeGreaterThan(body.bbox[2]);
    const unwrapped = await getGeojson(t.app, '?north=0&south=-30&east=190&west=170');
    expect(unwrapped).toEqual(body);
  });

  it('follows the zoom parameter: coarser cells when zoomed out, finer when zoomed in', async () => {
    const paris = '?north=48.87&south=48.84&east=2.36&west=2.33';
    const fine = await getGeojson(t.app, paris);
    expect(accountedFor(fine)).toBe(8);
    expect(clustersOf(fine).length + pointsOf(fine).length).toBeGreaterThan(1);
    // At zoom 0 the cells are 45° wide: the one holding Paris also holds Lyon and Berlin.
    const coarse = await getGeojson(t.app, `${paris}&zoom=0`);
    expect(coarse.features).toHaveLength(1);
    expect(clustersOf(coarse)[0]!.properties).toMatchObject({ point_count: 13, cluster_id: '3/4/3' });
  });

  it('sends points while the viewport holds no more than the maximum', async () => {
    const body = await getGeojson(t.app, '?north=41&south=40&east=-73&west=-75');
    expect(body.truncated).toBe(false);
    expect(pointsOf(body).map((p) => p.properties.name)).toEqual(['New York 1', 'New York 2']);
  });

  it('counts filtered clusters per request', async () => {
    // Built from 1804: Paris 5-8, Berlin, Fiji, Samoa, New York = 4 + 4 + 4 + 3 + 2.
    const body = await getGeojson(t.app, '?builtAfterDate=1804');
    expect(body.truncated).toBe(true);
    expect(body.total).toBe(17);
    expect(accountedFor(body)).toBe(17);
    const gothic = await getGeojson(t.app, `?archStyles=${styles.get('Gothic')}`);
    expect(gothic.total).toBe(12);
    expect(accountedFor(gothic)).toBe(12);
    // Few enough matches for points, though the unfiltered window holds more.
    const old = await getGeojson(t.app, `${EUROPE}&builtBeforeDate=1801`);
    expect(old.truncated).toBe(false);
    expect(
      pointsOf(old)
        .map((p) => p.properties.name)
        .sort(),
    ).toEqual(['Lyon', 'Paris 1', 'Paris 2']);
  });

  it('estimates filtered clusters from a sample when the window holds very many buildings', async () => {
    const q = buildingsGeojsonQuerySchema.parse({ builtAfterDate: '1000' });
    const opts = { maxFeatures: 5, filteredScanMax: 10, filteredSampleRows: 11, media: t.app.media };
    const body = await renderClusters(t.app.db, q, planMap(q, opts), opts);
    expect(body?.approximate).toBe(true);
    expect(pointsOf(body!)).toEqual([]);
  });

  it.each(['zoom=23', 'zoom=-1', 'zoom=abc', 'zoom='])('answers 400 for %s', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings/geojson?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain('zoom');
  });
});

describe('grid counts follow every change', () => {
  it('are right after inserts', async () => {
    await expectGridMatchesBuildings(t.app.db);
  });

  it('are right after a create, a move and a delete through the API, and the map shows each at once', async () => {
    const headers = await signIn(t.app, 'grid_mover');
    const before = await getGeojson(t.app, EUROPE);
    expect(before.total).toBe(13);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/buildings/',
      headers,
      payload: {
        name: 'Lyon Two',
        place_id: null,
        year_built: 1600,
        year_demolished: null,
        description: null,
        coordinates: [4.84, 45.77],
        architectural_styles: [styles.get('Modern')],
        address: { line1: 'Place Bellecour', city: 'Lyon', country_code: 'FR' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ building: { id: number } }>().building.id;
    await expectGridMatchesBuildings(t.app.db);
    const afterCreate = await getGeojson(t.app, EUROPE);
    expect(afterCreate.total).toBe(14);
    // Lyon's cell now holds two: a cluster instead of a point.
    expect(pointsOf(afterCreate)).toEqual([]);

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${id}`,
      headers,
      payload: {
        id,
        name: 'Lyon Two',
        place_id: null,
        year_built: 1600,
        year_demolished: null,
        description: null,
        coordinates: [-3.7, 40.42],
        architectural_styles: [styles.get('Modern')],
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectGridMatchesBuildings(t.app.db);
    const afterMove = await getGeojson(t.app, EUROPE);
    expect(afterMove.total).toBe(14);
    expect(
      pointsOf(afterMove)
        .map((p) => p.properties.name)
        .sort(),
    ).toEqual(['Lyon', 'Lyon Two']);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${id}`, headers });
    expect(deleted.statusCode).toBe(204);
    await expectGridMatchesBuildings(t.app.db);
    expect(await getGeojson(t.app, EUROPE)).toEqual(before);
  });
});
