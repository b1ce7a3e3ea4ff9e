/**
 * The authorization matrix (issue 9, Security): for every mutating route, a visitor gets 401;
 * for routes on a user's own resources, a second user gets 403; the database is unchanged after
 * every refused call. Routes open to any signed-in user (votes, new comments, uploads to any
 * building) have no 403 row. Every route of the app must appear here or in PUBLIC.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertBuilding, insertImage, insertStyle, userId } from '../test/targets.ts';

interface Case {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered (to check every route is covered). */
  route: string;
  url: () => string;
  body?: () => unknown;
  /** A second user gets 403 (the resource belongs to ada). */
  owned: boolean;
}

/** Mutations anyone may make (signing in and out) and the signed upload PUT (its own rules). */
const PUBLIC = new Set([
  'POST /api/auth/google',
  'POST /api/auth/dev',
  'POST /api/auth/logout',
  'PUT /api/uploads/{*}',
  // Open to visitors by design (spec 6 and 7): feedback and the wizard's address parsing.
  'POST /api/feedback',
  'POST /api/parse-address',
]);

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
let buildingId: number;
let imageId: number;
let commentId: number;
let styleId: number;
let listId: number;

const TABLES = [
  'users',
  'buildings',
  'building_styles',
  'images',
  'votes',
  'comments',
  'lists',
  'list_buildings',
  'feedback',
] as const;

async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of TABLES) {
    const res: unknown = await t.app.db.execute(sql.raw(`SELECT * FROM ${table} ORDER BY 1, 2`));
    // node-postgres and PGlite both answer { rows }.
    parts.push(table, typeof res === 'object' && res !== null && 'rows' in res ? res.rows : res);
  }
  return JSON.stringify(parts);
}

const buildingBody = () => ({
  name: 'Matrix Hall',
  place_id: null,
  year_built: 1920,
  year_demolished: null,
  description: 'Described',
  coordinates: [11.5, 46.5],
  architectural_styles: [styleId],
  address: {
    line1: '1 Main Street',
    line2: null,
    line3: null,
    city: 'Town',
    state: null,
    postal_code: null,
    country_code: 'IT',
  },
});

const CASES: Case[] = [
  {
    method: 'POST',
    route: '/api/buildings/',
    url: () => '/api/buildings/',
    body: buildingBody,
    owned: false,
  },
  {
    method: 'PUT',
    route: '/api/buildings/:id',
    url: () => `/api/buildings/${buildingId}`,
    body: () => ({ id: buildingId, ...buildingBody() }),
    owned: true,
  },
  { method: 'DELETE', route: '/api/buildings/:id', url: () => `/api/buildings/${buildingId}`, owned: true },
  {
    method: 'POST',
    route: '/api/comments/:target_type/:target_id',
    url: () => `/api/comments/building/${buildingId}`,
    body: () => ({ content: 'hello' }),
    owned: false,
  },
  {
    method: 'POST',
    route: '/api/comments/:comment_id/replies',
    url: () => `/api/comments/${commentId}/replies`,
    body: () => ({ content: 'a reply', target_type: 'building', target_id: buildingId }),
    owned: false,
  },
  {
    method: 'PUT',
    route: '/api/comments/:comment_id',
    url: () => `/api/comments/${commentId}`,
    body: () => ({ content: 'edited by someone else' }),
    owned: true,
  },
  {
    method: 'DELETE',
    route: '/api/comments/:comment_id',
    url: () => `/api/comments/${commentId}`,
    owned: true,
  },
  {
    method: 'POST',
    route: '/api/votes/:votable_type',
    url: () => '/api/votes/building',
    body: () => ({ votable_type: 'building', votable_id: buildingId, vote: 1 }),
    owned: false,
  },
  {
    method: 'POST',
    route: '/api/images/upload',
    url: () => '/api/images/upload',
    body: () => ({
      buildingId,
      metadata: [{ description: null, captureYear: null, type: 'exterior', fileExt: '.jpg' }],
    }),
    owned: false,
  },
  {
    method: 'POST',
    route: '/api/images/confirm-upload',
    url: () => '/api/images/confirm-upload',
    body: () => ({ successfulIds: [imageId], failedIds: [] }),
    owned: true,
  },
  {
    method: 'POST',
    route: '/api/images/process-uploaded',
    url: () => '/api/images/process-uploaded',
    body: () => ({ imageIds: [imageId] }),
    owned: true,
  },
  { method: 'DELETE', route: '/api/images/:id', url: () => `/api/images/${imageId}`, owned: true },
  {
    method: 'PATCH',
    route: '/api/users/:handle/handle',
    url: () => '/api/users/ada/handle',
    body: () => ({ handle: 'not_ada' }),
    owned: true,
  },
  // Lists: ada's list is public, so bob sees it and gets 403 (a private one answers 404, see docs/api.md).
  {
    method: 'POST',
    route: '/api/lists/',
    url: () => '/api/lists/',
    body: () => ({ name: 'Visitor list', is_public: true }),
    owned: false,
  },
  {
    method: 'PUT',
    route: '/api/lists/:id',
    url: () => `/api/lists/${listId}`,
    body: () => ({ is_public: false }),
    owned: true,
  },
  { method: 'DELETE', route: '/api/lists/:id', url: () => `/api/lists/${listId}`, owned: true },
  {
    method: 'POST',
    route: '/api/lists/:list_id/buildings',
    url: () => `/api/lists/${listId}/buildings`,
    body: () => ({ buildingId }),
    owned: true,
  },
  {
    method: 'DELETE',
    route: '/api/lists/:list_id/buildings/:building_id',
    url: () => `/api/lists/${listId}/buildings/${buildingId}`,
    owned: true,
  },
];

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  styleId = await insertStyle(t.app.db, 'Matrix Style');
  buildingId = await insertBuilding(t.app.db, 'Ada House', await userId(t.app.db, 'ada'));
  imageId = await insertImage(t.app.db, buildingId, await userId(t.app.db, 'ada'));
  const comment = await t.app.inject({
    method: 'POST',
    url: `/api/comments/building/${buildingId}`,
    headers: ada,
    payload: { content: "ada's comment" },
  });
  expect(comment.statusCode).toBe(201);
  commentId = comment.json<{ id: number }>().id;
  const list = await t.app.inject({
    method: 'POST',
    url: '/api/lists/',
    headers: ada,
    payload: { name: "Ada's list", is_public: true },
  });
  expect(list.statusCode).toBe(201);
  listId = list.json<{ id: number }>().id;
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/lists/${listId}/buildings`,
    headers: ada,
    payload: { buildingId },
  });
  expect(added.statusCode).toBe(200);
  // The snapshot sees the rows the refused calls aim at.
  expect(await snapshot()).toEqual(expect.stringContaining("ada's comment"));
  expect(await snapshot()).toEqual(expect.stringContaining('Ada House'));
});
afterAll(async () => t?.close());

const call = (c: Case, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: c.method,
    url: c.url(),
    headers,
    ...(c.body ? { payload: c.body() as Record<string, unknown> } : {}),
  });

describe('the authorization matrix', () => {
  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))(
    '%s: a visitor gets 401 and nothing changes',
    async (_name, c) => {
      const before = await snapshot();
      const res = await call(c);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(CASES.filter((c) => c.owned).map((c) => [`${c.method} ${c.route}`, c] as const))(
    "%s: another user gets 403 on ada's resource and nothing changes",
    async (_name, c) => {
      const before = await snapshot();
      const res = await call(c, bob);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(await snapshot()).toBe(before);
    },
  );

  it('covers every mutating API route', async () => {
    const swagger = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = swagger.json<{ paths: Record<string, Record<string, unknown>> }>();
    const mutating: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        mutating.push(`${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    const covered = new Set([...PUBLIC, ...CASES.map((c) => `${c.method} ${c.route}`)]);
    expect(mutating.filter((r) => !covered.has(r))).toEqual([]);
    expect(mutating.length).toBeGreaterThanOrEqual(CASES.length);
  });
});
