/** GET /api/buildings/ for a user's page: the buildings they added and the ones they rated. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingListSchema, type BuildingList } from '#domain/building-list';
import { votes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertBuildings } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import { userId } from '../../test/targets.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
/** Building ids by name; inserted in the order A1, B1, A2, B2, A3 (A: added by ada, B: by bob). */
const id: Record<string, number> = {};

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  const adaId = await userId(t.app.db, 'ada');
  const bobId = await userId(t.app.db, 'bob');
  const order: [string, number, number][] = [
    ['A1', adaId, 1900],
    ['B1', bobId, 1910],
    ['A2', adaId, 1920],
    ['B2', bobId, 1930],
    ['A3', adaId, 1940],
  ];
  for (const [name, adder, year] of order) {
    const ids = await insertBuildings(
      t.app.db,
      [{ name, lng: 10, lat: 50, year_built: year }],
      new Map(),
      adder,
    );
    id[name] = ids.get(name)!;
  }
  // ada's votes, dated in an order unlike the buildings' ids; votes on other kinds of targets
  // that share a building's id must not count.
  const vote = (user: number, type: string, target: number, value: number, minute: number) => ({
    user_id: user,
    votable_type: type,
    votable_id: target,
    vote: value,
    created_at: at(0),
    updated_at: at(minute),
  });
  await t.app.db
    .insert(votes)
    .values([
      vote(adaId, 'building', id.A1!, 1, 3),
      vote(adaId, 'building', id.B1!, -1, 1),
      vote(adaId, 'building', id.A2!, 1, 2),
      vote(adaId, 'building', id.B2!, 0, 4),
      vote(adaId, 'image', id.A3!, 1, 5),
      vote(adaId, 'architectural_style', id.A3!, -1, 6),
      vote(bobId, 'building', id.A1!, -1, 7),
    ]);
});
afterAll(async () => t?.close());

async function get(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/?${query}`, headers });
  return { status: res.statusCode, body: res.json<unknown>() };
}

async function page(query: string, headers: Record<string, string> = {}): Promise<BuildingList> {
  const res = await get(query, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return buildingListSchema.parse(res.body);
}

const names = (body: BuildingList) => body.items.map((b) => Object.keys(id).find((k) => id[k] === b.id));

describe("a user's added buildings (user_handle)", () => {
  it('lists the buildings the user added, newest first, to anyone', async () => {
    for (const who of [{}, ada, bob]) {
      const body = await page('user_handle=ada', who);
      expect(names(body)).toEqual(['A3', 'A2', 'A1']);
      expect(body).toMatchObject({ total: 3, page: 1, per_page: 20, pages: 1 });
    }
    expect(names(await page('user_handle=bob'))).toEqual(['B2', 'B1']);
  });

  it('keeps the card shape: no vote fields', async () => {
    const body = await page('user_handle=ada', ada);
    for (const item of body.items) {
      expect(item).not.toHaveProperty('user_vote');
      expect(item).not.toHaveProperty('voted_at');
    }
  });

  it('pages, sorts oldest first on request and combines with the filters', async () => {
    const second = await page('user_handle=ada&per_page=2&page=2');
    expect(names(second)).toEqual(['A1']);
    expect(second).toMatchObject({ total: 3, page: 2, per_page: 2, pages: 2 });
    expect(names(await page('user_handle=ada&sort_order=asc'))).toEqual(['A1', 'A2', 'A3']);
    expect(names(await page('user_handle=ada&sort_by=date_added&sort_order=desc'))).toEqual([
      'A3',
      'A2',
      'A1',
    ]);
    expect(names(await page('user_handle=ada&builtAfterDate=1915'))).toEqual(['A3', 'A2']);
  });

  it('answers 404 for an unknown handle', async () => {
    const res = await get('user_handle=nobody_here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'User not found' });
  });
});

describe("a user's rated buildings (vote_user_handle)", () => {
  it('lists the buildings the user voted on, newest vote first, with the vote and its date', async () => {
    const body = await page('vote_user_handle=ada', ada);
    expect(names(body)).toEqual(['B2', 'A1', 'A2', 'B1']);
    expect(body).toMatchObject({ total: 4, pages: 1 });
    expect(body.items.map((b) => b.user_vote)).toEqual([0, 1, 1, -1]);
    expect(body.items.map((b) => b.voted_at)).toEqual(
      [at(4), at(3), at(2), at(1)].map((d) => d.toISOString()),
    );
  });

  it('sorts by vote date both ways', async () => {
    const desc = await page('vote_user_handle=ada&sort_by=vote_date&sort_order=desc', ada);
    expect(names(desc)).toEqual(['B2', 'A1', 'A2', 'B1']);
    const asc = await page('vote_user_handle=ada&sort_by=vote_date&sort_order=asc', ada);
    expect(names(asc)).toEqual(['B1', 'A2', 'A1', 'B2']);
    const byDefaultAsc = await page('vote_user_handle=ada&sort_order=asc', ada);
    expect(names(byDefaultAsc)).toEqual(['B1', 'A2', 'A1', 'B2']);
  });

  it.each([
    ['smile', ['A1', 'A2']],
    ['1', ['A1', 'A2']],
    ['meh', ['B2']],
    ['0', ['B2']],
    ['frown', ['B1']],
    ['-1', ['B1']],
  ])('filters by vote_type=%s in both orders', async (voteType, newestFirst) => {
    const query = `vote_user_handle=ada&vote_type=${voteType}&sort_by=vote_date`;
    const desc = await page(`${query}&sort_order=desc`, ada);
    expect(names(desc)).toEqual(newestFirst);
    expect(desc.total).toBe(newestFirst.length);
    const expectedVote = { smile: 1, meh: 0, frown: -1 }[voteType] ?? Number(voteType);
    expect(desc.items.every((b) => b.user_vote === expectedVote)).toBe(true);
    expect(names(await page(`${query}&sort_order=asc`, ada))).toEqual([...newestFirst].reverse());
  });

  it('pages and combines with user_handle, date_added and the filters', async () => {
    const second = await page('vote_user_handle=ada&per_page=3&page=2', ada);
    expect(names(second)).toEqual(['B1']);
    expect(second).toMatchObject({ total: 4, page: 2, per_page: 3, pages: 2 });
    expect(names(await page('vote_user_handle=ada&user_handle=ada', ada))).toEqual(['A1', 'A2']);
    expect(names(await page('vote_user_handle=ada&sort_by=date_added', ada))).toEqual([
      'B2',
      'A2',
      'B1',
      'A1',
    ]);
    expect(names(await page('vote_user_handle=ada&builtBeforeDate=1915', ada))).toEqual(['A1', 'B1']);
    const bobs = await page('vote_user_handle=bob', bob);
    expect(names(bobs)).toEqual(['A1']);
    expect(bobs.items[0]).toMatchObject({ user_vote: -1, voted_at: at(7).toISOString() });
    expect((await page('vote_user_handle=bob&vote_type=smile', bob)).total).toBe(0);
  });

  it('is visible to that user only: 401 for a visitor, 403 for another user', async () => {
    const visitor = await get('vote_user_handle=ada');
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({
      status: 401,
      detail: 'Please log in to view your rated buildings.',
    });
    expect((await get('vote_user_handle=ada&vote_type=smile')).status).toBe(401);
    const other = await get('vote_user_handle=ada&vote_type=smile&sort_by=vote_date', bob);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ status: 403 });
    expect((await get('vote_user_handle=nobody_here', ada)).status).toBe(404);
  });
});

describe('query validation', () => {
  it.each([
    ['vote_type=smile', 'vote_type needs vote_user_handle'],
    ['user_handle=ada&vote_type=1', 'vote_type needs vote_user_handle'],
    ['sort_by=vote_date', 'sort_by=vote_date needs vote_user_handle'],
    ['vote_user_handle=ada&vote_type=2', 'vote_type must be smile, meh or frown (or 1, 0, -1)'],
    ['vote_user_handle=ada&vote_type=happy', 'vote_type must be smile, meh or frown (or 1, 0, -1)'],
    ['sort_by=popular', 'sort_by must be one of date_added, vote_date'],
    ['sort_order=up', 'sort_order must be asc or desc'],
    ['user_handle=', 'user_handle must be a handle'],
    ['vote_user_handle=%20', 'vote_user_handle must be a handle'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await get(query, ada);
    expect(res.status).toBe(400);
    expect((res.body as { detail: string }).detail).toContain(message);
  });
});
