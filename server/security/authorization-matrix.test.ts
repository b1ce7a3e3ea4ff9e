/**
 * Authorization matrix (issue #9, Security). The mutating routes (POST, PUT, PATCH, DELETE) are
 * read from the app's OpenAPI document, so routes merged later are covered on their own. Ada owns
 * a building, an image (ready, and one pending upload), a comment, a public and a private list.
 *
 * - A visitor gets 401 on every mutating route, with a valid body, except the few that are public
 *   by design (PUBLIC below, each with its reason).
 * - Bob, signed in, gets 403 on every mutating route that names one of Ada's resources, or 404
 *   where the API hides the resource (someone else's private list, docs/api.md). Routes where any
 *   user may act on someone else's resource (comment on it, reply to it, vote on it) are
 *   SHARED below.
 * - Endpoints that need a role (their description's `role`, domain/endpoints) answer 403 to a
 *   signed-in user without it, whatever they name, and 401 to a visitor: a user gets 403 on every
 *   moderator and admin endpoint, a moderator on every admin endpoint; moderators and admins are
 *   let through.
 * - The database is unchanged after every refused call (a fingerprint of every public table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { UploadResponse } from '#domain/images';
import { allEndpoints } from '#domain/endpoints/index';
import { apiPath, type EndpointSpec } from '#domain/endpoints/define';
import { hasRole, type Role } from '#domain/roles';
import { setRoleByHandle } from '../modules/moderation/roles.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertImage, insertStyle, userId } from '../test/targets.ts';
import { requestUpload } from '../test/images.ts';
import { changedTables, snapshotDb } from '../test/db-snapshot.ts';
import {
  apiOperations,
  bodySchemaOf,
  openApiDoc,
  pathParams,
  resolveSchema,
  schemaTypes,
  type JsonSchema,
  type Operation,
} from '../test/openapi.ts';

/** Mutations a visitor may call, and why. */
const PUBLIC: Record<string, string> = {
  'POST /api/auth/google': 'signing in is what a visitor does',
  'POST /api/auth/dev': 'signing in is what a visitor does',
  'POST /api/auth/logout': 'ending a session that may already be gone is harmless (204)',
  'PUT /api/uploads/{*}': 'authorized by its HMAC signature, not a session (403 without one)',
  'POST /api/feedback': 'product §6/7: visitors send feedback too (rate limited per IP)',
  // Not 'POST /api/parse-address' nor place search: signed-in users only.
};

/** Reads that need a session: place search may be billed per call; a user's data download is theirs. */
const SIGNED_IN_READS = [
  '/api/places/autocomplete?input=eiffel',
  '/api/places/details/ChIJabc',
  '/api/users/ada/export',
];

/** Mutations where any signed-in user may act on someone else's resource. */
const SHARED: Record<string, string> = {
  'POST /api/votes/{votable_type}': "anyone votes on anyone's building, image or comment",
  'POST /api/comments/{target_type}/{target_id}': "anyone comments on anyone's building or image",
  'POST /api/comments/{comment_id}/replies': "anyone replies to anyone's comment",
  'POST /api/images/upload': "anyone adds images to anyone's building",
  'POST /api/buildings/{id}/suggestions':
    "anyone suggests an edit to anyone's building (the owner or a moderator reviews it)",
};

const t: TestApp = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000' });
const app: FastifyInstance = t.app;
const doc = openApiDoc(app);
const mutations = apiOperations(doc).filter((o) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(o.method));
const name = (op: Operation) => `${op.method} ${op.path}`;

let ada: { cookie: string };
let bob: { cookie: string };
let moderator: { cookie: string };
let admin: { cookie: string };
const ids = { building: 0, image: 0, pendingImage: 0, comment: 0, publicList: 0, privateList: 0, style: 0 };
let uploadUrl = '';

beforeAll(async () => {
  ada = await signIn(app, 'ada');
  bob = await signIn(app, 'bob');
  moderator = await signIn(app, 'matrix_mod');
  await setRoleByHandle(app.db, 'matrix_mod', 'moderator');
  admin = await signIn(app, 'matrix_admin');
  await setRoleByHandle(app.db, 'matrix_admin', 'admin');
  ids.style = await insertStyle(app.db, 'Matrix Gothic');
  const building = await app.inject({
    method: 'POST',
    url: '/api/buildings/',
    headers: ada,
    payload: validBuilding(),
  });
  expect(building.statusCode, building.body).toBe(201);
  ids.building = building.json<{ building: { id: number } }>().building.id;
  ids.image = await insertImage(app.db, ids.building, await userId(app.db, 'ada'));
  const upload = await requestUpload(app, ada, ids.building, [{ fileExt: '.png' }]);
  expect(upload.statusCode, upload.body).toBe(200);
  const session = upload.json<UploadResponse>();
  ids.pendingImage = session.images[0]!.id;
  uploadUrl = session.uploadUrls[0]!.url;
  const comment = await app.inject({
    method: 'POST',
    url: `/api/comments/building/${ids.building}`,
    headers: ada,
    payload: { content: "Ada's comment" },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  ids.comment = comment.json<{ id: number }>().id;
  for (const isPublic of [true, false]) {
    const list = await app.inject({
      method: 'POST',
      url: '/api/lists/',
      headers: ada,
      payload: { name: isPublic ? 'Public' : 'Private', is_public: isPublic },
    });
    expect(list.statusCode, list.body).toBe(201);
    const id = list.json<{ id: number }>().id;
    if (isPublic) ids.publicList = id;
    else ids.privateList = id;
    const added = await app.inject({
      method: 'POST',
      url: `/api/lists/${id}/buildings`,
      headers: ada,
      payload: { buildingId: ids.building },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
});

afterAll(async () => t?.close());

function validBuilding(extra: Record<string, unknown> = {}) {
  return {
    name: 'Matrix House',
    place_id: null,
    year_built: 1920,
    year_demolished: null,
    description: 'Described',
    coordinates: [12.5, 41.9],
    architectural_styles: [ids.style],
    address: { line1: '1 Via Roma', city: 'Roma', country_code: 'IT' },
    ...extra,
  };
}

/** Valid bodies for the routes whose schema alone cannot say what is valid. */
function knownBody(op: Operation): unknown {
  switch (name(op)) {
    case 'POST /api/buildings/':
      return validBuilding({ name: 'Another House', coordinates: [13.5, 42.9] });
    case 'PUT /api/buildings/{id}':
      return validBuilding({ id: ids.building, name: 'Renamed' });
    case 'POST /api/images/confirm-upload':
      return { successfulIds: [ids.pendingImage], failedIds: [] };
    case 'POST /api/images/process-uploaded':
      return { imageIds: [ids.image] };
    case 'POST /api/images/upload':
      return {
        buildingId: ids.building,
        metadata: [{ description: null, captureYear: null, type: 'exterior', fileExt: '.png' }],
      };
    case 'POST /api/votes/{votable_type}':
      return { votable_type: 'building', votable_id: ids.building, vote: 1 };
    case 'POST /api/comments/{comment_id}/replies':
      return { content: 'A reply', target_type: 'building', target_id: ids.building };
    case 'PATCH /api/users/{handle}/handle':
      return { handle: 'mallory' };
    case 'POST /api/buildings/{id}/suggestions':
      return { name: 'A suggested name' };
    default:
      return undefined;
  }
}

/** A plausible value from a schema, for routes this file does not know (merged later). */
function sample(schema: JsonSchema | undefined, field: string, depth = 0): unknown {
  const s = resolveSchema(doc, schema);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives)
    return sample(
      alternatives.find((a) => !schemaTypes(doc, a).has('null')) ?? alternatives[0],
      field,
      depth + 1,
    );
  const types = schemaTypes(doc, s);
  if (types.has('object')) {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k, depth + 1)]),
    );
  }
  if (types.has('array'))
    return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, field, depth + 1));
  if (types.has('number'))
    return /list/i.test(field) ? ids.publicList : /image/i.test(field) ? ids.image : ids.building;
  if (types.has('boolean')) return true;
  if (types.has('string')) return 'Some text'.padEnd(resolveSchema(doc, s).minLength ?? 0, '.');
  return null;
}

function bodyFor(op: Operation): unknown {
  const known = knownBody(op);
  if (known !== undefined) return known;
  const schema = bodySchemaOf(op);
  return schema ? sample(schema, '') : undefined;
}

/** Ada's resource for each path parameter; lists once public and once private. */
function urlsFor(op: Operation): { url: string; privateList: boolean }[] {
  const params = pathParams(op);
  const hasList = op.path.startsWith('/api/lists/');
  const variants = hasList ? [false, true] : [false];
  return variants.map((privateList) => {
    let url = op.path;
    for (const p of params) {
      let value: string;
      if (p.name === '*') value = uploadUrl.replace('/api/uploads/', '').split('?')[0]!;
      else if (p.name === 'handle') value = 'ada';
      else if (/list/i.test(p.name) || (p.name === 'id' && hasList))
        value = String(privateList ? ids.privateList : ids.publicList);
      else if (/comment/i.test(p.name) || (p.name === 'id' && op.path.startsWith('/api/comments')))
        value = String(ids.comment);
      else if (p.name === 'id' && op.path.startsWith('/api/images')) value = String(ids.image);
      else if (p.name === 'votable_type' || p.name === 'target_type') value = 'building';
      else value = String(ids.building);
      url = url.replace(`{${p.name}}`, encodeURIComponent(value).replaceAll('%2F', '/'));
    }
    return { url, privateList };
  });
}

async function refusedWithoutChange(
  op: Operation,
  url: string,
  headers: Record<string, string>,
  expected: number[],
): Promise<string | null> {
  const before = await snapshotDb(app);
  const body = bodyFor(op);
  const res = await app.inject({
    method: op.method as 'POST',
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const after = await snapshotDb(app);
  const problems: string[] = [];
  if (!expected.includes(res.statusCode))
    problems.push(`status ${res.statusCode}: ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400 && !String(res.headers['content-type']).startsWith('application/problem+json')) {
    problems.push(`content-type ${String(res.headers['content-type'])}`);
  }
  const changed = changedTables(before, after);
  if (changed.length) problems.push(`database changed: ${changed.join(', ')}`);
  return problems.length ? `${op.method} ${url}: ${problems.join('; ')}` : null;
}

describe('the authorization matrix of every mutating route', () => {
  it('discovers the mutating routes', () => {
    expect(mutations.length).toBeGreaterThan(15);
    for (const known of Object.keys(PUBLIC).concat(Object.keys(SHARED))) {
      expect(mutations.map(name), `${known} is gone: update the lists above`).toContain(known);
    }
  });

  it.each(SIGNED_IN_READS)('a visitor gets 401 on GET %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it.each(mutations.filter((o) => !(name(o) in PUBLIC)).map((o) => [name(o), o] as const))(
    'a visitor gets 401 on %s',
    async (_n, op) => {
      const failures: string[] = [];
      for (const { url } of urlsFor(op)) {
        const failure = await refusedWithoutChange(op, url, {}, [401]);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    },
  );

  const owned = mutations.filter(
    (o) =>
      !(name(o) in PUBLIC) &&
      !(name(o) in SHARED) &&
      (pathParams(o).length > 0 ||
        ['POST /api/images/confirm-upload', 'POST /api/images/process-uploaded'].includes(name(o))),
  );
  it.each(owned.map((o) => [name(o), o] as const))(
    "another user gets 403 (404 if hidden) on Ada's %s",
    async (_n, op) => {
      const failures: string[] = [];
      for (const { url, privateList } of urlsFor(op)) {
        const failure = await refusedWithoutChange(op, url, bob, privateList ? [404] : [403]);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    },
  );

  it('cannot choose the owner of what it creates through extra body fields', async () => {
    const adaId = await userId(app.db, 'ada');
    const bobId = await userId(app.db, 'bob');
    const owner = { user_id: adaId, added_by: adaId, owner_id: adaId, owner: { id: adaId, handle: 'ada' } };
    const list = await app.inject({
      method: 'POST',
      url: '/api/lists/',
      headers: bob,
      payload: { name: "Bob's", is_public: false, ...owner },
    });
    expect(list.statusCode, list.body).toBe(201);
    expect(list.json<{ owner: { id: number } }>().owner.id).toBe(bobId);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/comments/building/${ids.building}`,
      headers: bob,
      payload: { content: "Bob's comment", ...owner },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json<{ user_id: number }>().user_id).toBe(bobId);
    const building = await app.inject({
      method: 'POST',
      url: '/api/buildings/',
      headers: bob,
      payload: validBuilding({ name: "Bob's House", coordinates: [14.5, 40.9], ...owner }),
    });
    expect(building.statusCode, building.body).toBe(201);
    const id = building.json<{ building: { id: number } }>().building.id;
    // Only the adder may delete it: Ada cannot, Bob can.
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/buildings/${id}`, headers: ada })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/buildings/${id}`, headers: bob })).statusCode,
    ).toBe(204);
  });

  it("the owner's own requests with the same bodies are accepted (the refusals above are not about the bodies)", async () => {
    const checks = [
      {
        method: 'PUT' as const,
        url: `/api/buildings/${ids.building}`,
        payload: validBuilding({ id: ids.building, name: 'Renamed' }),
      },
      { method: 'PUT' as const, url: `/api/comments/${ids.comment}`, payload: { content: 'Some text' } },
      { method: 'PUT' as const, url: `/api/lists/${ids.privateList}`, payload: { is_public: true } },
    ];
    for (const c of checks) {
      const res = await app.inject({ ...c, headers: ada });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(200);
    }
  });
});

/** Every endpoint whose description needs a role, with a URL naming Ada's things. */
const roleEndpoints = Object.entries(allEndpoints)
  .filter((entry): entry is [string, EndpointSpec & { role: Role }] => entry[1].role !== undefined)
  .map(([key, e]) => {
    const url = apiPath(e).replace(/:([a-z_]+)/g, (_m, p: string) =>
      p === 'handle' ? 'ada' : p === 'target_type' ? 'building' : String(ids.building || 1),
    );
    return [`${key} (${e.method} ${e.path})`, e, () => url] as const;
  });

describe('the roles of moderation', () => {
  it('finds the endpoints that need a role', () => {
    expect(roleEndpoints.length).toBeGreaterThanOrEqual(7);
    expect(roleEndpoints.some(([, e]) => e.role === 'admin')).toBe(true);
  });

  it.each(roleEndpoints)(
    '%s: 401 to a visitor, 403 to anyone without the role, unchanged',
    async (_n, e, url) => {
      const callers: [string, Record<string, string>, Role | null][] = [
        ['visitor', {}, null],
        ['user', bob, 'user'],
        ['moderator', moderator, 'moderator'],
      ];
      for (const [who, headers, role] of callers) {
        if (role !== null && hasRole(role, e.role)) continue;
        const before = await snapshotDb(app);
        const res = await app.inject({
          method: e.method,
          url: url(),
          headers,
          ...(e.method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${who}: ${res.body}`).toBe(role === null ? 401 : 403);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(changedTables(before, await snapshotDb(app)), who).toEqual([]);
      }
    },
  );

  it('moderators and admins read the queue and the log; only an admin sets roles', async () => {
    for (const headers of [moderator, admin]) {
      for (const url of ['/api/moderation/reports', '/api/moderation/log']) {
        expect((await app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(200);
      }
    }
    const byAdmin = await app.inject({
      method: 'PUT',
      url: '/api/users/bob/role',
      headers: admin,
      payload: { role: 'user' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

/**
 * What the owner of a building may do, moderators and admins may do to any building (edit, delete,
 * review suggestions, revert); everyone else keeps getting 403 (the owned routes above).
 */
describe("moderators and admins on someone else's building", () => {
  const ownerOrModerator = [
    'PUT /api/buildings/{id}',
    'DELETE /api/buildings/{id}',
    'POST /api/buildings/{id}/suggestions/{sid}/accept',
    'POST /api/buildings/{id}/suggestions/{sid}/reject',
    'POST /api/buildings/{id}/revisions/{rid}/revert',
  ];

  it('the owner-or-moderator routes are among the owned routes another user gets 403 on', () => {
    const ownedNames = mutations
      .filter((o) => !(name(o) in SHARED) && !(name(o) in PUBLIC) && pathParams(o).length > 0)
      .map(name);
    for (const route of ownerOrModerator) expect(ownedNames).toContain(route);
  });

  it('a user gets 403 on the suggestions of a building that is not theirs; its owner, a moderator and an admin read them', async () => {
    const url = `/api/buildings/${ids.building}/suggestions`;
    expect((await app.inject({ method: 'GET', url, headers: bob })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const headers of [ada, moderator, admin]) {
      expect((await app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    }
  });

  it("a moderator and an admin edit Ada's building, review a suggestion of it and revert it", async () => {
    for (const [who, headers] of [
      ['moderator', moderator],
      ['admin', admin],
    ] as const) {
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/buildings/${ids.building}`,
        headers,
        payload: validBuilding({ id: ids.building, name: `Edited by the ${who}` }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const suggested = await app.inject({
        method: 'POST',
        url: `/api/buildings/${ids.building}/suggestions`,
        headers: bob,
        payload: { description: `Suggested to the ${who}` },
      });
      expect(suggested.statusCode, suggested.body).toBe(201);
      const sid = suggested.json<{ id: number }>().id;
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/buildings/${ids.building}/suggestions/${sid}/accept`,
        headers,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const history = await app.inject({ method: 'GET', url: `/api/buildings/${ids.building}/revisions` });
      const [, before] = history.json<{ items: { id: number }[] }>().items;
      const reverted = await app.inject({
        method: 'POST',
        url: `/api/buildings/${ids.building}/revisions/${before!.id}/revert`,
        headers,
      });
      expect(reverted.statusCode, reverted.body).toBe(201);
    }
  });
});
