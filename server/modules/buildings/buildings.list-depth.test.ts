/**
 * The card list's count and deep pages are bounded. Counting a large
 * filtered list stops at LIST_MAX_ITEMS (the answer says "at least"), and pages past the first
 * LIST_MAX_ITEMS buildings are refused with a 400 problem instead of scanning to a deep OFFSET.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingListSchema, listTooDeepMessage } from '#domain/building-list';
import { LIST_MAX_ITEMS } from '#domain/constants';
import { problemSchema } from '#domain/problem';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const MANY = LIST_MAX_ITEMS + 50;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  // One statement: more buildings (all built in 1900 or later) than the list counts.
  await t.app.db.execute(sql`
    INSERT INTO buildings (name, lng, lat, year_built)
    SELECT 'Row ' || i, -170 + (i % 340), -60 + (i % 120), 1900 + (i % 100)
    FROM generate_series(1, ${MANY}) AS i`);
});

afterAll(async () => {
  await t?.close();
});

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/buildings/${query}` });

describe('GET /api/buildings/ over a large table', () => {
  it('counts a filtered list only up to LIST_MAX_ITEMS, and says the total is a lower bound', async () => {
    const res = await get('?builtAfterDate=1900');
    expect(res.statusCode, res.body).toBe(200);
    const body = buildingListSchema.parse(res.json());
    expect(body).toMatchObject({
      total: LIST_MAX_ITEMS,
      total_exact: false,
      pages: LIST_MAX_ITEMS / 20,
    });
    expect(body.items).toHaveLength(20);
  });

  it('keeps exact counts below the bound, and the free exact count of the whole table', async () => {
    const few = buildingListSchema.parse((await get('?builtAfterDate=1999')).json());
    expect(few.total_exact).toBe(true);
    expect(few.total).toBe(Math.floor(MANY / 100));
    const all = buildingListSchema.parse((await get('')).json());
    // Unfiltered, the grid's count is exact and costs nothing; pages still stop at the bound.
    expect(all).toMatchObject({ total: MANY, total_exact: true, pages: LIST_MAX_ITEMS / 20 });
  });

  it('serves the last page within the bound', async () => {
    const res = await get(`?builtAfterDate=1900&per_page=100&page=${LIST_MAX_ITEMS / 100}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(buildingListSchema.parse(res.json()).items).toHaveLength(100);
  });

  it.each([
    [`per_page=100&page=${LIST_MAX_ITEMS / 100 + 1}`, 100],
    [`page=${LIST_MAX_ITEMS / 20 + 1}`, 20],
    ['per_page=20&page=1000000', 20],
    [`archStyles=1,2,3&per_page=7&page=${Math.ceil(LIST_MAX_ITEMS / 7) + 1}`, 7],
  ])(
    'refuses a page past the bound (%s) with a 400 problem saying how far it goes',
    async (query, perPage) => {
      const res = await get(`?${query}`);
      expect(res.statusCode).toBe(400);
      const problem = problemSchema.parse(res.json());
      expect(problem.detail).toContain(listTooDeepMessage(perPage));
    },
  );
});
