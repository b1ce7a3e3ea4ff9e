/** GET /api/images/infinite-scroll and GET /api/images/{id} on a fixed data set. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#domain/images';
import { images, votes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import { listImages } from '../../test/images.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
let houseA: number;
let houseB: number;
/** Image ids by fixture name. */
const id: Record<string, number> = {};

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

interface ImageFixture {
  name: string;
  building: () => number;
  type: string;
  minute: number;
  up?: number;
  meh?: number;
  down?: number;
  status?: 'ready' | 'pending' | 'failed';
}

const FIXTURES: ImageFixture[] = [
  { name: 'i1', building: () => houseA, type: 'exterior', minute: 1, up: 5, meh: 1 },
  { name: 'i2', building: () => houseA, type: 'interior', minute: 2, up: 3, down: 3 },
  { name: 'i3', building: () => houseA, type: 'detail', minute: 3, up: 10, down: 2 },
  { name: 'i4', building: () => houseA, type: 'exterior', minute: 4, down: 4 },
  { name: 'i5', building: () => houseA, type: 'plans', minute: 5, up: 2, down: 2 },
  { name: 'i6', building: () => houseA, type: 'exterior', minute: 6 },
  { name: 'i7', building: () => houseA, type: 'exterior', minute: 7, up: 50, status: 'pending' },
  { name: 'i8', building: () => houseA, type: 'exterior', minute: 8, up: 50, status: 'failed' },
  { name: 'i9', building: () => houseB, type: 'exterior', minute: 9, up: 1 },
];

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  const adaId = await userId(t.app.db, 'ada');
  const bobId = await userId(t.app.db, 'bob');
  houseA = await insertBuilding(t.app.db, 'House A');
  houseB = await insertBuilding(t.app.db, 'House B');
  for (const f of FIXTURES) {
    const uuid = `00000000-0000-4000-8000-${String(f.minute).padStart(12, '0')}`;
    const key = `images/${f.building()}/${uuid}.jpg`;
    const [row] = await t.app.db
      .insert(images)
      .values({
        building_id: f.building(),
        added_by: f.name === 'i6' ? bobId : adaId,
        status: f.status ?? 'ready',
        image_type: f.type,
        storage_key: key,
        file_ext: '.jpg',
        width: 800,
        height: 600,
        renditions:
          f.status === undefined
            ? { '400': key.replace('.jpg', '-400.webp'), '1600': key.replace('.jpg', '-1600.webp') }
            : {},
        upvotes: f.up ?? 0,
        meh_votes: f.meh ?? 0,
        downvotes: f.down ?? 0,
        created_at: at(f.minute),
      })
      .returning({ id: images.id });
    id[f.name] = row!.id;
  }
  // ada's votes (vote dates in a different order from the images' dates), and one of bob's.
  const vote = (user: number, name: string, value: number, minute: number) => ({
    user_id: user,
    votable_type: 'image',
    votable_id: id[name]!,
    vote: value,
    created_at: at(100),
    updated_at: at(100 + minute),
  });
  await t.app.db
    .insert(votes)
    .values([
      vote(adaId, 'i1', 1, 3),
      vote(adaId, 'i2', -1, 1),
      vote(adaId, 'i3', 1, 2),
      vote(adaId, 'i9', 0, 4),
      vote(adaId, 'i7', 1, 5),
      vote(bobId, 'i1', -1, 1),
    ]);
});
afterAll(async () => t?.close());

const names = (items: Image[]) => items.map((i) => Object.keys(id).find((k) => id[k] === i.id));

async function page(query: string, headers: Record<string, string> = {}) {
  const res = await listImages(t.app, query, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('a building gallery', () => {
  it('lists only ready images, newest first by default, 10 per page', async () => {
    const body = await page(`buildingId=${houseA}`);
    expect(names(body.items)).toEqual(['i6', 'i5', 'i4', 'i3', 'i2', 'i1']);
    expect(body).toMatchObject({ total: 6, hasNext: false, page: 1, per_page: 10 });
    expect(body.items[0]).toMatchObject({
      building_id: houseA,
      added_by: { handle: 'bob' },
      image_type: 'exterior',
      status: 'ready',
      width: 800,
      height: 600,
    });
    expect(body.items[0]!.url).toMatch(/-400\.webp$/);
    expect(body.items[0]!.url_large).toMatch(/-1600\.webp$/);
    expect(body.items[0]).not.toHaveProperty('voted_at');
  });

  it('pages with page and per_page', async () => {
    const first = await page(`buildingId=${houseA}&per_page=4&page=1`);
    expect(names(first.items)).toEqual(['i6', 'i5', 'i4', 'i3']);
    expect(first).toMatchObject({ total: 6, hasNext: true });
    const second = await page(`buildingId=${houseA}&per_page=4&page=2`);
    expect(names(second.items)).toEqual(['i2', 'i1']);
    expect(second).toMatchObject({ total: 6, hasNext: false });
    const past = await page(`buildingId=${houseA}&per_page=4&page=3`);
    expect(past).toMatchObject({ items: [], total: 6, hasNext: false });
  });

  it('sorts by date added, popularity and controversy, both ways', async () => {
    const sorted = async (sortBy: string, sortOrder: string) =>
      names((await page(`buildingId=${houseA}&sortBy=${sortBy}&sortOrder=${sortOrder}`)).items);
    expect(await sorted('date_added', 'asc')).toEqual(['i1', 'i2', 'i3', 'i4', 'i5', 'i6']);
    // Net votes (smile minus frown), ties by more votes, then newer.
    expect(await sorted('popular', 'desc')).toEqual(['i3', 'i1', 'i2', 'i5', 'i6', 'i4']);
    expect(await sorted('popular', 'asc')).toEqual(['i4', 'i6', 'i5', 'i2', 'i1', 'i3']);
    // (up + down) ^ (min / max): i2 6, i5 4, i3 12^0.2; the rest 0, newer first.
    expect(await sorted('controversial', 'desc')).toEqual(['i2', 'i5', 'i3', 'i6', 'i4', 'i1']);
    expect(await sorted('controversial', 'asc')).toEqual(['i1', 'i4', 'i6', 'i3', 'i5', 'i2']);
  });

  it('filters by image types', async () => {
    expect(names((await page(`buildingId=${houseA}&imageTypes=exterior`)).items)).toEqual(['i6', 'i4', 'i1']);
    const two = await page(`buildingId=${houseA}&imageTypes=interior,plans`);
    expect(names(two.items)).toEqual(['i5', 'i2']);
    expect(two.total).toBe(2);
    expect((await page('imageTypes=exterior')).total).toBe(4);
  });

  it("shows the reader's own vote and the vote counts", async () => {
    const asBob = await page(`buildingId=${houseA}&sortBy=date_added&sortOrder=asc&per_page=1`, bob);
    expect(asBob.items[0]).toMatchObject({
      user_vote: -1,
      vote_stats: { net_votes: 5, upvotes: 5, meh_votes: 1, downvotes: 0 },
    });
    const asAda = await page(`buildingId=${houseA}&sortBy=date_added&sortOrder=asc&per_page=1`, ada);
    expect(asAda.items[0]!.user_vote).toBe(1);
    const anonymous = await page(`buildingId=${houseA}&sortBy=date_added&sortOrder=asc&per_page=1`);
    expect(anonymous.items[0]!.user_vote).toBeNull();
  });

  it('covers every building without buildingId', async () => {
    expect((await page('')).total).toBe(7);
  });
});

describe("a user's voted images", () => {
  it('lists the images the user voted on, by vote date', async () => {
    const body = await page('userHandle=ada&sortBy=vote_date', ada);
    expect(names(body.items)).toEqual(['i9', 'i1', 'i3', 'i2']);
    expect(body.total).toBe(4);
    expect(body.items[0]!.voted_at).toBe(at(104).toISOString());
    const oldest = await page('userHandle=ada&sortBy=vote_date&sortOrder=asc', ada);
    expect(names(oldest.items)).toEqual(['i2', 'i3', 'i1', 'i9']);
  });

  it('filters by the face the user gave', async () => {
    const smiles = await page('userHandle=ada&userVoteType=smile&sortBy=vote_date', ada);
    expect(names(smiles.items)).toEqual(['i1', 'i3']);
    expect(smiles.items.map((i) => i.user_vote)).toEqual([1, 1]);
    expect(names((await page('userHandle=ada&userVoteType=frown', ada)).items)).toEqual(['i2']);
    expect(names((await page('userHandle=ada&userVoteType=meh', ada)).items)).toEqual(['i9']);
    expect(names((await page('userHandle=ada&userVoteType=-1', ada)).items)).toEqual(['i2']);
    expect((await page('userHandle=bob&userVoteType=smile', bob)).total).toBe(0);
  });

  it('combines with building, types and other sorts', async () => {
    const inA = await page(`userHandle=ada&buildingId=${houseA}&sortBy=popular`, ada);
    expect(names(inA.items)).toEqual(['i3', 'i1', 'i2']);
    const typed = await page(
      'userHandle=ada&imageTypes=detail,interior&sortBy=date_added&sortOrder=asc',
      ada,
    );
    expect(names(typed.items)).toEqual(['i2', 'i3']);
    const paged = await page('userHandle=ada&sortBy=vote_date&per_page=3&page=2', ada);
    expect(paged).toMatchObject({ total: 4, hasNext: false });
    expect(names(paged.items)).toEqual(['i2']);
  });

  it('is visible to that user only', async () => {
    expect((await listImages(t.app, 'userHandle=ada')).status).toBe(401);
    expect((await listImages(t.app, 'userHandle=ada&userVoteType=smile', bob)).status).toBe(403);
    expect((await listImages(t.app, 'userHandle=nobody_here', ada)).status).toBe(404);
  });
});

describe('query validation', () => {
  it.each([
    'sortBy=vote_date',
    'userVoteType=smile',
    'per_page=0',
    'per_page=101',
    'page=0',
    'page=abc',
    'imageTypes=exterior,foo',
    'sortOrder=up',
    'sortBy=best',
    'buildingId=-3',
  ])('refuses %s with 400', async (query) => {
    const res = await listImages(t.app, query, ada);
    expect(res.status).toBe(400);
  });
});

describe('one image', () => {
  it('reads a ready image for anyone, with the reader vote', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${id.i1}`, headers: ada });
    expect(res.statusCode).toBe(200);
    expect(res.json<Image>()).toMatchObject({ id: id.i1, user_vote: 1, added_by: { handle: 'ada' } });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/images/${id.i1}` });
    expect(anonymous.json<Image>().user_vote).toBeNull();
  });

  it('hides images that are not ready from everyone but the uploader', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${id.i7}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/images/${id.i7}`, headers: bob })).statusCode,
    ).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: `/api/images/${id.i7}`, headers: ada });
    expect(own.json<Image>()).toMatchObject({ status: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: '/api/images/0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/999999' })).statusCode).toBe(404);
  });
});
