/**
 * A list as a walking tour: GET /api/lists/{id}/route (the stops in walking order) and
 * GET /api/lists/{id}/export?format=gpx (the same walk as GPX 1.1), with the privacy of reading
 * the list (another user's or a visitor's request for a private list is the same 404).
 */
import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPX_NAMESPACE } from '#domain/gpx';
import { listRouteSchema, listSchema, type List } from '#domain/lists';
import { buildings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
const visitor = {};
/** Building ids by name: four along one parallel of Paris, west to east A, B, C, D. */
const id: Record<string, number> = {};
let walk: List;
let publicWalk: List;

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

interface GpxFeature {
  geometry: { type: string; coordinates: unknown } | null;
  properties: { name?: string; links?: { href: string }[] };
}

/** The GPX text parsed strictly (any XML error fails the test), and read by a GPX library. */
function parseGpx(text: string) {
  const doc = new DOMParser({
    onError: (level, message) => {
      throw new Error(`GPX is not well-formed XML (${level}): ${message}`);
    },
  }).parseFromString(text, 'application/xml');
  const root = doc.documentElement!;
  const metadataName = root
    .getElementsByTagNameNS(GPX_NAMESPACE, 'metadata')[0]
    ?.getElementsByTagNameNS(GPX_NAMESPACE, 'name')[0]?.textContent;
  // The parts read here, typed locally: the linter's TypeScript does not resolve the library's
  // GeoJSON geometry types (the compiler does).
  const { features } = gpx(doc) as unknown as { features: GpxFeature[] };
  const points = features
    .filter((f) => f.geometry?.type === 'Point')
    .map((f) => ({
      name: f.properties.name,
      geometry: f.geometry,
      links: f.properties.links?.map((l) => l.href),
    }));
  const tracks = features
    .filter((f) => f.geometry?.type === 'LineString')
    .map((f) => ({ name: f.properties.name, geometry: f.geometry }));
  return { root, metadataName, points, tracks };
}

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  // Uneven gaps, so no two distances tie: A 2.300, B 2.310, C 2.325, D 2.345.
  for (const [name, lng] of [
    ['A', 2.3],
    ['B', 2.31],
    ['C', 2.325],
    ['D', 2.345],
  ] as const) {
    const [row] = await t.app.db
      .insert(buildings)
      .values({ name: `Building ${name}`, lng, lat: 48.85 })
      .returning({ id: buildings.id });
    id[name] = row!.id;
  }
  // Added C, A, D, B: the walk starts at C unless told otherwise.
  walk = await createList(ada, 'Walk <Paris> & "more"', false, [id.C!, id.A!, id.D!, id.B!]);
  publicWalk = await createList(ada, 'Public walk', true, [id.B!, id.D!]);
});
afterAll(async () => t?.close());

const names = (stops: { name: string }[]) => stops.map((s) => s.name.replace('Building ', ''));

describe('GET /api/lists/{id}/route', () => {
  it("walks from the list's first building, nearest neighbour improved by 2-opt, with legs and total", async () => {
    const res = await get(`/lists/${walk.id}/route`, ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const route = listRouteSchema.parse(res.json());
    // From C the nearest is B, then A, then D; no reversal of a stretch makes that walk shorter.
    expect(names(route.stops)).toEqual(['C', 'B', 'A', 'D']);
    expect(route.list).toMatchObject({ id: walk.id, name: walk.name, owner: { handle: 'ada' } });
    expect(route.stops[0]!.leg_meters).toBe(0);
    expect(route.stops.reduce((sum, s) => sum + s.leg_meters, 0)).toBeCloseTo(route.total_meters, 6);
    // 0.045° of longitude at 48.85° N is about 3.3 km; the walk covers 0.07°.
    expect(route.total_meters).toBeGreaterThan(5100);
    expect(route.total_meters).toBeLessThan(5150);
  });

  it('starts from the building given as start', async () => {
    const route = listRouteSchema.parse((await get(`/lists/${walk.id}/route?start=${id.A}`, ada)).json());
    expect(names(route.stops)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('answers a start that is not in the list, or not an id, with 400 problem JSON', async () => {
    for (const start of [String(id.A! + 1000), 'abc', '0']) {
      const res = await get(`/lists/${publicWalk.id}/route?start=${start}`, ada);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it("answers another user and a visitor a private list's 404, as reading it does; a public list to all", async () => {
    for (const who of [bob, visitor]) {
      const read = await get(`/lists/${walk.id}`, who);
      const res = await get(`/lists/${walk.id}/route`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: read.json<{ detail: string }>().detail });
      const open = listRouteSchema.parse((await get(`/lists/${publicWalk.id}/route`, who)).json());
      expect(names(open.stops)).toEqual(['B', 'D']);
    }
  });
});

describe('GET /api/lists/{id}/export?format=gpx', () => {
  it('gives the owner GPX 1.1 with the stops as waypoints in walking order, a track and the list name', async () => {
    const res = await get(`/lists/${walk.id}/export?format=gpx`, ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="atlas-of-buildings-list-${walk.id}-\\d{4}-\\d{2}-\\d{2}\\.gpx"$`),
    );
    expect(res.headers.link).toBe('<https://opendatacommons.org/licenses/odbl/1-0/>; rel="license"');
    // The answer depends on who asks (a private list): never stored by a shared cache.
    expect(res.headers['cache-control']).toBe('no-store');
    const { root, metadataName, points, tracks } = parseGpx(res.body);
    expect(root.namespaceURI).toBe(GPX_NAMESPACE);
    expect(root.localName).toBe('gpx');
    expect(root.getAttribute('version')).toBe('1.1');
    expect(metadataName).toBe('Walk <Paris> & "more"');
    expect(points.map((p) => p.name)).toEqual(['C', 'B', 'A', 'D'].map((n) => `Building ${n}`));
    expect(points[0]!.geometry).toEqual({ type: 'Point', coordinates: [2.325, 48.85] });
    expect(points[0]!.links).toEqual([`${t.app.config.publicUrl}/buildings/${id.C}`]);
    expect(tracks).toHaveLength(1);
    expect(tracks[0]!.name).toBe('Walk <Paris> & "more"');
    expect(tracks[0]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [2.325, 2.31, 2.3, 2.345].map((lng) => [lng, 48.85]),
    });
  });

  it('gives the same stops as the route, from the start given', async () => {
    const route = listRouteSchema.parse((await get(`/lists/${walk.id}/route?start=${id.D}`, ada)).json());
    const { points } = parseGpx((await get(`/lists/${walk.id}/export?format=gpx&start=${id.D}`, ada)).body);
    expect(points.map((p) => p.name)).toEqual(route.stops.map((s) => s.name));
    expect(names(route.stops)).toEqual(['D', 'C', 'B', 'A']);
  });

  it("answers another user and a visitor a private list's 404 problem, with no download", async () => {
    for (const who of [bob, visitor]) {
      const res = await get(`/lists/${walk.id}/export?format=gpx`, who);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('exports a public list to a visitor, and an empty list as GPX with no waypoint', async () => {
    const open = parseGpx((await get(`/lists/${publicWalk.id}/export?format=gpx`, visitor)).body);
    expect(open.points.map((p) => p.name)).toEqual(['Building B', 'Building D']);
    const empty = await createList(ada, 'Nothing yet', true, []);
    const res = await get(`/lists/${empty.id}/export?format=gpx`, visitor);
    expect(res.statusCode).toBe(200);
    const parsed = parseGpx(res.body);
    expect(parsed.metadataName).toBe('Nothing yet');
    expect(parsed.points).toEqual([]);
  });

  it.each([
    ['format=gpx&start=999999', 400],
    ['format=kml', 400],
  ])('answers %s with %i problem JSON', async (query, status) => {
    const res = await get(`/lists/${publicWalk.id}/export?${query}`, ada);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
