/**
 * GET /api/lists/{id}/export: a list's buildings as CSV or GeoJSON, with the privacy
 * of reading the list (another user's or a visitor's request for a private list is the same 404
 * as GET /api/lists/{id}).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFeatureCollectionSchema } from '#domain/export';
import { listSchema, type List } from '#domain/lists';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import { csvObjects } from '../export/export.test-support.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
const visitor = {};
let tower: number;
let bridge: number;
let privateList: List;
let publicList: List;

type Headers = Record<string, string>;

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function createList(headers: Headers, name: string, isPublic: boolean, buildingIds: number[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lists/',
    headers,
    payload: { name, is_public: isPublic },
  });
  const list = listSchema.parse(res.json());
  for (const buildingId of buildingIds) {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/lists/${list.id}/buildings`,
      headers,
      payload: { buildingId },
    });
    expect(added.statusCode).toBe(200);
  }
  return list;
}

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  const adaId = await userId(t.app.db, 'ada');
  tower = await insertBuilding(t.app.db, 'Tower', adaId);
  bridge = await insertBuilding(t.app.db, 'Bridge');
  await insertBuilding(t.app.db, 'Hall');
  privateList = await createList(ada, 'Secret towers', false, [bridge, tower]);
  publicList = await createList(ada, 'Bridges', true, [bridge]);
});
afterAll(async () => t?.close());

describe('GET /api/lists/{id}/export', () => {
  it("gives the owner their private list's buildings as CSV, by id, with the download and licence headers", async () => {
    const res = await get(`/lists/${privateList.id}/export?format=csv`, ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="atlas-of-buildings-list-${privateList.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    expect(res.headers.link).toBe('<https://opendatacommons.org/licenses/odbl/1-0/>; rel="license"');
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = csvObjects(res.body);
    expect(rows.map((r) => [Number(r.id), r.name])).toEqual([
      [tower, 'Tower'],
      [bridge, 'Bridge'],
    ]);
  });

  it('gives GeoJSON named after the list, with the licence members', async () => {
    const res = await get(`/lists/${privateList.id}/export?format=geojson`, ada);
    expect(res.statusCode).toBe(200);
    const body = exportFeatureCollectionSchema.parse(res.json());
    expect(body.name).toBe('Secret towers – Atlas of Buildings');
    expect(body.license).toBe('ODbL-1.0');
    expect(body.features.map((f) => f.properties.name)).toEqual(['Tower', 'Bridge']);
  });

  it("answers another user and a visitor a private list's 404, as reading it does", async () => {
    for (const who of [bob, visitor]) {
      const read = await get(`/lists/${privateList.id}`, who);
      expect(read.statusCode).toBe(404);
      for (const format of ['csv', 'geojson']) {
        const res = await get(`/lists/${privateList.id}/export?format=${format}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ detail: read.json<{ detail: string }>().detail });
        expect(res.headers['content-disposition']).toBeUndefined();
      }
    }
  });

  it('exports a public list to anyone, a visitor included', async () => {
    for (const who of [bob, visitor, ada]) {
      const res = await get(`/lists/${publicList.id}/export?format=csv`, who);
      expect(res.statusCode).toBe(200);
      expect(csvObjects(res.body).map((r) => r.name)).toEqual(['Bridge']);
    }
  });

  it('exports an empty list as a header row or an empty FeatureCollection', async () => {
    const empty = await createList(ada, 'Empty', true, []);
    const res = await get(`/lists/${empty.id}/export?format=csv`, visitor);
    expect(res.body).toBe(
      'id,name,lng,lat,year_built,year_demolished,styles,architects,city,country_code,url\r\n',
    );
    const geo = exportFeatureCollectionSchema.parse(
      (await get(`/lists/${empty.id}/export?format=geojson`, visitor)).json(),
    );
    expect(geo.features).toEqual([]);
  });

  it.each([
    ['/lists/999999/export?format=csv', 404],
    ['/lists/abc/export?format=csv', 400],
    ['/lists/1/export', 400],
    ['/lists/1/export?format=xlsx', 400],
  ])('answers %s with %i problem JSON', async (url, status) => {
    const res = await get(url, ada);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
