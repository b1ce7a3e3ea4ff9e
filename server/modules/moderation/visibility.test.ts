/**
 * Hidden content is gone for everyone but its owner and moderators, on every surface: building
 * detail, the map (and its cache), cards, a user's page, search, galleries and image detail,
 * comments, lists, exports, the sitemap, link previews and architects' pages; restoring brings it
 * back. Runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertComment, insertImage, insertStyle, userId } from '../../test/targets.ts';
import { pageHeadFor } from '../pages/page-head.ts';
import { setRoleByHandle } from './roles.service.ts';

let t: TestApp;
type Headers = Record<string, string>;
let mod: Headers;
let ada: Headers;
let bob: Headers;
const visitor: Headers = {};
const ids = { hidden: 0, kept: 0, image: 0, keptImage: 0, comment: 0, list: 0, architect: 0 };
const NAME = 'Quuxwell Spam Pavilion';

const get = (url: string, headers: Headers = visitor) => t.app.inject({ method: 'GET', url, headers });

async function create(name: string, coordinates: [number, number]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/buildings/',
    headers: ada,
    payload: {
      name,
      place_id: null,
      year_built: 1990,
      year_demolished: null,
      description: null,
      coordinates,
      architectural_styles: [await insertStyle(t.app.db, `Style of ${name}`)],
      architects: ['Zebulon Quartermaine'],
      address: { line1: '1 Road', city: 'Quuxton', country_code: 'GB' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ building: { id: number } }>().building.id;
}

async function hide(type: 'building' | 'image' | 'comment', id: number) {
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: bob,
    payload: { target_type: type, target_id: id, reason: 'spam' },
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/moderation/reports/${reported.json<{ id: number }>().id}/resolve`,
    headers: mod,
    payload: { action: 'hide' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const restore = async (type: string, id: number) =>
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/moderation/${type}/${id}/restore`, headers: mod }))
      .statusCode,
  ).toBe(204);

const mapIds = async () => {
  const res = await get('/api/buildings/geojson?north=60&south=40&east=10&west=-10&zoom=14');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ features: { properties: { id?: number } }[] }>().features.map((f) => f.properties.id);
};

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000', REPORT_RATE_LIMIT: '100000' });
  mod = await signIn(t.app, 'mod');
  await setRoleByHandle(t.app.db, 'mod', 'moderator');
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  ids.hidden = await create(NAME, [0.5, 51.5]);
  ids.kept = await create('Quuxwell Town Hall', [0.6, 51.6]);
  const adaId = await userId(t.app.db, 'ada');
  ids.image = await insertImage(t.app.db, ids.kept, adaId);
  ids.keptImage = await insertImage(t.app.db, ids.kept, adaId);
  ids.comment = await insertComment(t.app.db, {
    user_id: adaId,
    target_type: 'building',
    target_id: ids.kept,
    content: 'spam spam',
  });
  const list = await t.app.inject({
    method: 'POST',
    url: '/api/lists/',
    headers: ada,
    payload: { name: 'Mine', is_public: true },
  });
  ids.list = list.json<{ id: number }>().id;
  for (const id of [ids.hidden, ids.kept]) {
    await t.app.inject({
      method: 'POST',
      url: `/api/lists/${ids.list}/buildings`,
      headers: ada,
      payload: { buildingId: id },
    });
  }
  ids.architect = (await get(`/api/buildings/${ids.kept}`)).json<{
    architects: { id: number }[];
  }>().architects[0]!.id;
  // Seen on the map (and so in its cache) before it is hidden.
  expect(await mapIds()).toContain(ids.hidden);
  await hide('building', ids.hidden);
  await hide('image', ids.image);
  await hide('comment', ids.comment);
});
afterAll(async () => t?.close());

describe('a hidden building', () => {
  it('answers 404 to visitors and other users; its owner and moderators see it marked hidden', async () => {
    expect((await get(`/api/buildings/${ids.hidden}`)).statusCode).toBe(404);
    expect((await get(`/api/buildings/${ids.hidden}`, bob)).statusCode).toBe(404);
    for (const who of [ada, mod]) {
      const res = await get(`/api/buildings/${ids.hidden}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: ids.hidden, hidden: true });
    }
    expect((await get(`/api/buildings/${ids.kept}`)).json()).not.toHaveProperty('hidden');
  });

  it('leaves the map at once (the cached body too) and its grid counts, which stay exact', async () => {
    expect(await mapIds()).not.toContain(ids.hidden);
    expect(await mapIds()).toContain(ids.kept);
    const world = await get('/api/buildings/geojson?north=90&south=-90&east=180&west=-180&zoom=0');
    const counts = world.json<{ features: { properties: { point_count?: number; id?: number } }[] }>()
      .features;
    const total = counts.reduce((n, f) => n + (f.properties.point_count ?? 1), 0);
    expect(total).toBe(1);
    const [grid] = await selectRows<{ n: number }>(
      t.app.db,
      sql`SELECT building_count AS n FROM building_grid_counts WHERE level = 0`,
    );
    expect(Number(grid!.n)).toBe(1);
  });

  it("is absent from the cards and their count, and from its owner's page for others only", async () => {
    const cards = (await get('/api/buildings/')).json<{ items: { id: number }[]; total: number }>();
    expect(cards.items.map((c) => c.id)).toEqual([ids.kept]);
    expect(cards.total).toBe(1);
    const forBob = (await get('/api/buildings/?user_handle=ada', bob)).json<{ items: { id: number }[] }>();
    expect(forBob.items.map((c) => c.id)).toEqual([ids.kept]);
    const forAda = (await get('/api/buildings/?user_handle=ada', ada)).json<{ items: { id: number }[] }>();
    expect(forAda.items.map((c) => c.id).sort()).toEqual([ids.hidden, ids.kept].sort());
  });

  it('is absent from search, lists, exports, the sitemap and link previews', async () => {
    const search = (await get('/api/search?q=quuxwell')).json<{ items: { type: string; id: number }[] }>();
    const hits = search.items.filter((r) => r.type === 'building').map((r) => r.id);
    expect(hits).toContain(ids.kept);
    expect(hits).not.toContain(ids.hidden);
    const list = (await get(`/api/lists/${ids.list}`)).json<{ buildings: { id: number }[] }>();
    expect(list.buildings.map((b) => b.id)).toEqual([ids.kept]);
    const exported = await get('/api/buildings/export?format=geojson');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Quuxwell Town Hall');
    expect(exported.body).not.toContain(NAME);
    const listExport = await get(`/api/lists/${ids.list}/export?format=csv`);
    expect(listExport.body).not.toContain(NAME);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`/buildings/${ids.kept}<`);
    expect(sitemap.body).not.toContain(`/buildings/${ids.hidden}<`);
    const head = await pageHeadFor(t.app.db, t.app.media, `/buildings/${ids.hidden}`);
    expect(head.title).not.toContain(NAME);
  });

  it("is absent from its architect's page and link preview", async () => {
    const page = (await get(`/api/architects/${ids.architect}`)).json<{ buildings: { id: number }[] }>();
    expect(page.buildings.map((b) => b.id)).toEqual([ids.kept]);
    const head = await pageHeadFor(t.app.db, t.app.media, `/architects/${ids.architect}`);
    expect(head.description).toMatch(/^1 building by/);
  });

  it('takes no comments, votes or list entries from others; a report of it is 404', async () => {
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/comments/building/${ids.hidden}`,
      headers: bob,
      payload: { content: 'hi' },
    });
    expect(comment.statusCode).toBe(404);
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/votes/building',
      headers: bob,
      payload: { votable_type: 'building', votable_id: ids.hidden, vote: 1 },
    });
    expect(vote.statusCode).toBe(404);
    expect((await get(`/api/comments/building/${ids.hidden}`)).statusCode).toBe(404);
  });
});

describe('a hidden image and comment', () => {
  it('the image is gone from the gallery and its detail for others; its uploader and moderators see it marked', async () => {
    const gallery = (await get(`/api/images/infinite-scroll?buildingId=${ids.kept}`)).json<{
      items: { id: number }[];
      total: number;
    }>();
    expect(gallery.items.map((i) => i.id)).toEqual([ids.keptImage]);
    expect(gallery.total).toBe(1);
    expect((await get(`/api/images/${ids.image}`, bob)).statusCode).toBe(404);
    expect((await get(`/api/images/${ids.image}`, ada)).json()).toMatchObject({ hidden: true });
    expect((await get(`/api/images/${ids.image}`, mod)).statusCode).toBe(200);
    const building = (await get(`/api/buildings/${ids.kept}`)).json<{ images: { id: number }[] }>();
    expect(building.images.map((i) => i.id)).toEqual([ids.keptImage]);
  });

  it('the comment is gone from the thread for others; its author sees it marked hidden', async () => {
    const forBob = (await get(`/api/comments/building/${ids.kept}`, bob)).json<{ items: { id: number }[] }>();
    expect(forBob.items.map((c) => c.id)).not.toContain(ids.comment);
    const forAda = (await get(`/api/comments/building/${ids.kept}`, ada)).json<{
      items: { id: number; hidden?: boolean }[];
    }>();
    expect(forAda.items.find((c) => c.id === ids.comment)?.hidden).toBe(true);
  });
});

describe('restoring', () => {
  it('brings the building back on the map, the cards and its page, with exact grid counts', async () => {
    await restore('building', ids.hidden);
    await restore('image', ids.image);
    await restore('comment', ids.comment);
    expect(await mapIds()).toContain(ids.hidden);
    expect((await get(`/api/buildings/${ids.hidden}`)).statusCode).toBe(200);
    expect((await get('/api/buildings/')).json<{ total: number }>().total).toBe(2);
    const [diff] = await selectRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM building_grid_counts WHERE level = 16`,
    );
    expect(Number(diff!.n)).toBe(2);
    const gallery = (await get(`/api/images/infinite-scroll?buildingId=${ids.kept}`)).json<{
      total: number;
    }>();
    expect(gallery.total).toBe(2);
  });
});
