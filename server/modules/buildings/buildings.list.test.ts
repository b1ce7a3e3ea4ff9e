/** GET /api/buildings/: the explore card list, with the map's filters and pages. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingListSchema, type BuildingList } from '#domain/building-list';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertWorldBuildings } from './buildings.test-support.ts';
import { buildings } from '../../db/schema.ts';

let t: TestApp;
let ids: Map<string, number>;
let styles: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ({ ids, styles } = await insertWorldBuildings(t.app.db, 'lister'));
  await t.app.db
    .update(buildings)
    .set({ upvotes: 3, meh_votes: 1, downvotes: 1 })
    .where(eq(buildings.id, ids.get('Paris Gothic')!));
});

afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<BuildingList> {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return buildingListSchema.parse(res.json());
}

const names = async (query: string) => (await list(query)).items.map((i) => i.name).sort();

describe('GET /api/buildings/', () => {
  it('lists cards, newest first, with the paging fields', async () => {
    const body = await list('');
    expect(body).toMatchObject({ total: 7, page: 1, per_page: 20, pages: 1 });
    expect(body.items.map((i) => i.id)).toEqual([...ids.values()].sort((a, b) => b - a));
    expect(body.items.find((i) => i.name === 'Paris Gothic')).toEqual({
      id: ids.get('Paris Gothic'),
      name: 'Paris Gothic',
      year_built: 1260,
      year_demolished: null,
      cover_image: null,
      vote_stats: { net_votes: 2, upvotes: 3, meh_votes: 1, downvotes: 1 },
      coordinates: [2.35, 48.85],
    });
    expect(body.items.find((i) => i.name === 'Gone Tower')).toMatchObject({ year_demolished: 2001 });
  });

  it('filters by a viewport, edges included', async () => {
    expect(await names('?north=52&south=48&east=17&west=-1')).toEqual([
      'London Brutal',
      'Paris Gothic',
      'Vienna Baroque',
    ]);
    expect(await names('?north=48.85&south=48.85&east=2.35&west=2.35')).toEqual(['Paris Gothic']);
  });

  it('filters a viewport across the antimeridian, wrapped or not', async () => {
    const expected = ['Exactly 180', 'Fiji East', 'Samoa West'];
    expect(await names('?north=0&south=-30&east=-170&west=170')).toEqual(expected);
    expect(await names('?north=0&south=-30&east=190&west=170')).toEqual(expected);
  });

  it('filters by years built, inclusive, leaving out unknown years', async () => {
    expect(await names('?builtAfterDate=1900&builtBeforeDate=1905')).toEqual(['Fiji East', 'Samoa West']);
    expect(await names('?builtAfterDate=1973')).toEqual(['Gone Tower', 'London Brutal']);
    expect(await names('?builtBeforeDate=1723')).toEqual(['Paris Gothic', 'Vienna Baroque']);
  });

  it('filters by styles (any of them), and combines every filter', async () => {
    expect(await names(`?archStyles=${styles.get('Gothic')}`)).toEqual(['Paris Gothic', 'Vienna Baroque']);
    expect(await names(`?archStyles=${styles.get('Baroque')},${styles.get('Brutalism')}`)).toEqual([
      'London Brutal',
      'Vienna Baroque',
    ]);
    const all = await list(
      `?north=60&south=40&east=20&west=-5&builtAfterDate=1700&builtBeforeDate=1800&archStyles=${styles.get('Gothic')}`,
    );
    expect(all.items.map((i) => i.name)).toEqual(['Vienna Baroque']);
    expect(all.total).toBe(1);
  });

  it('pages: per_page, page, total and pages; a page past the end is empty', async () => {
    const newestFirst = [...ids.values()].sort((a, b) => b - a);
    const p1 = await list('?per_page=3');
    expect(p1).toMatchObject({ total: 7, page: 1, per_page: 3, pages: 3 });
    expect(p1.items.map((i) => i.id)).toEqual(newestFirst.slice(0, 3));
    const p3 = await list('?per_page=3&page=3');
    expect(p3.items.map((i) => i.id)).toEqual(newestFirst.slice(6));
    const p4 = await list('?per_page=3&page=4');
    expect(p4).toMatchObject({ items: [], total: 7, page: 4, pages: 3 });
    const filtered = await list(`?archStyles=${styles.get('Gothic')}&per_page=1&page=2`);
    expect(filtered).toMatchObject({ total: 2, pages: 2, page: 2 });
    expect(filtered.items.map((i) => i.name)).toEqual(['Paris Gothic']);
    expect((await list('?per_page=100')).items).toHaveLength(7);
    expect(await list('?builtAfterDate=3000')).toMatchObject({ items: [], total: 0, pages: 0 });
  });

  it.each([
    ['per_page=101', 'per_page must be between 1 and 100'],
    ['per_page=0', 'per_page must be between 1 and 100'],
    ['per_page=abc', 'per_page must be a whole number'],
    ['page=0', 'page must be 1 or more'],
    ['page=1.5', 'page must be a whole number'],
    ['page=99999999999', 'page is too large'],
    ['north=10&south=0', 'given together'],
    ['archStyles=2147483648', 'archStyles'],
    ['builtAfterDate=abc', 'builtAfterDate'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings/?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain(message);
  });
});

describe('GET /api/buildings/?sort_by=distance (Near me)', () => {
  it('orders the cards nearest first from `near`, each with its distance in metres', async () => {
    // From Paris: Paris itself, London (≈ 344 km), Vienna (≈ 1 034 km), New York (≈ 5 837 km).
    const body = await list('?sort_by=distance&near=48.85,2.35&north=60&south=30&east=20&west=-80');
    expect(body.items.map((i) => i.name)).toEqual([
      'Paris Gothic',
      'London Brutal',
      'Vienna Baroque',
      'Gone Tower',
    ]);
    const metres = body.items.map((i) => i.distance_m ?? -1);
    expect(metres[0]).toBe(0);
    expect(metres[1]).toBeGreaterThan(340_000);
    expect(metres[1]).toBeLessThan(350_000);
    expect(metres[2]).toBeGreaterThan(1_025_000);
    expect(metres[2]).toBeLessThan(1_045_000);
    expect(metres[3]).toBeGreaterThan(5_800_000);
    expect(metres[3]).toBeLessThan(5_880_000);
    // sort_order=desc: farthest first.
    const far = await list(
      '?sort_by=distance&near=48.85,2.35&sort_order=desc&north=60&south=30&east=20&west=-80',
    );
    expect(far.items.map((i) => i.name)).toEqual([
      'Gone Tower',
      'Vienna Baroque',
      'London Brutal',
      'Paris Gothic',
    ]);
    // Other sorts carry no distance.
    expect((await list('')).items.every((i) => i.distance_m === undefined)).toBe(true);
  });

  it('measures across the antimeridian along the great circle, and pages the same order', async () => {
    // From Fiji: the building at 180° (≈ 190 km) is nearer than Samoa across the line (≈ 900 km).
    const body = await list('?sort_by=distance&near=-17.7,179.5&per_page=2');
    expect(body.items.map((i) => i.name)).toEqual(['Fiji East', 'Exactly 180']);
    expect(body.total).toBe(7);
    const second = await list('?sort_by=distance&near=-17.7,179.5&per_page=2&page=2');
    expect(second.items.map((i) => i.name)).toEqual(['Samoa West', 'Gone Tower']);
    // A longitude of a panned map (one turn east) is the same point.
    const wrapped = await list('?sort_by=distance&near=-17.7,539.5&per_page=2');
    expect(wrapped.items.map((i) => i.name)).toEqual(['Fiji East', 'Exactly 180']);
  });

  it("measures from the viewport's centre when no point is given (the map's centre)", async () => {
    // Centred on London (51.5, -0.12): London, Paris, Vienna.
    const body = await list('?sort_by=distance&north=56.5&south=46.5&east=19.88&west=-20.12');
    expect(body.items.map((i) => i.name)).toEqual(['London Brutal', 'Paris Gothic', 'Vienna Baroque']);
    expect(body.items[0]?.distance_m).toBe(0);
    // A viewport across the antimeridian (west east of east) is centred on its own side: 180°.
    const pacific = await list('?sort_by=distance&north=0&south=-32&east=-170&west=170');
    expect(pacific.items[0]?.name).toBe('Exactly 180');
  });

  it('keeps the filters: only the matching buildings, nearest first', async () => {
    const body = await list(`?sort_by=distance&near=51.5,-0.12&archStyles=${styles.get('Gothic')}`);
    expect(body.items.map((i) => i.name)).toEqual(['Paris Gothic', 'Vienna Baroque']);
    expect(body.total).toBe(2);
  });

  it.each([
    ['sort_by=distance', 'sort_by=distance needs near=lat,lng or a viewport'],
    ['near=48.85,2.35', 'near goes with sort_by=distance'],
    ['sort_by=distance&near=48.85', 'near must be lat,lng in degrees'],
    ['sort_by=distance&near=abc,def', 'near must be lat,lng in degrees'],
    ['sort_by=distance&near=91,0', 'near: lat must be between -90 and 90'],
    ['sort_by=distance&near=0,541', 'near: lng must be between -540 and 540'],
    ['sort_by=nearest&near=0,0', 'sort_by must be one of date_added, vote_date, distance'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings/?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json<{ detail: string }>().detail).toContain(message);
  });
});
