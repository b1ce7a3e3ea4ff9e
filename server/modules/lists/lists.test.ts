/** The lists API: privacy, ownership, idempotent adds, removal, deletion and validation. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSchema, userListsSchema, type List } from '#domain/lists';
import { buildings, listBuildings, lists } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
const visitor = {};
let adaId: number;
let tower: number;
let bridge: number;
let hall: number;

type Headers = Record<string, string>;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.body === '' ? null : res.json<unknown>(), raw: res };
}

async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) {
  const res = await call(method, url, headers, payload);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res;
}

async function create(headers: Headers, name: string, isPublic: boolean): Promise<List> {
  const res = await ok('POST', '/lists/', headers, { name, is_public: isPublic });
  expect(res.status).toBe(201);
  return listSchema.parse(res.body);
}

async function addTo(listId: number, buildingId: number, headers: Headers = ada) {
  return call('POST', `/lists/${listId}/buildings`, headers, { buildingId });
}

const entryCount = (listId: number) => t.app.db.$count(listBuildings, eq(listBuildings.list_id, listId));
const detailOf = (res: { body: unknown }) => (res.body as { detail: string }).detail;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  adaId = await userId(t.app.db, 'ada');
  tower = await insertBuilding(t.app.db, 'Tower', adaId);
  bridge = await insertBuilding(t.app.db, 'Bridge');
  hall = await insertBuilding(t.app.db, 'Hall');
});
afterAll(async () => t?.close());

describe('POST /api/lists/', () => {
  it('creates a private list by default, owned by the caller, name trimmed', async () => {
    const list = await create(ada, '  Favourites  ', false);
    expect(list).toMatchObject({
      name: 'Favourites',
      is_public: false,
      owner: { id: adaId, handle: 'ada' },
      buildings: [],
    });
    expect(Date.parse(list.created_at)).not.toBeNaN();
    const res = await ok('POST', '/lists/', ada, { name: 'No flag' });
    expect(listSchema.parse(res.body).is_public).toBe(false);
    const open = await create(ada, 'Open', true);
    expect(open.is_public).toBe(true);
  });

  it('refuses visitors with 401, before looking at the body', async () => {
    expect((await call('POST', '/lists/', visitor, { name: 'Mine', is_public: true })).status).toBe(401);
    expect((await call('POST', '/lists/', visitor, { name: '' })).status).toBe(401);
  });

  it.each([
    ['an empty name', { name: '', is_public: false }, 'name is required'],
    ['a blank name', { name: '   ' }, 'name is required'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
    ['no name', { is_public: true }, 'name must be text'],
    ['a numeric name', { name: 42 }, 'name must be text'],
    ['is_public as text', { name: 'A', is_public: 'true' }, 'is_public must be true or false'],
    ['is_public as a number', { name: 'A', is_public: 1 }, 'is_public must be true or false'],
  ])('answers 400 for %s', async (_label, payload, message) => {
    const res = await call('POST', '/lists/', ada, payload);
    expect(res.status).toBe(400);
    expect(res.raw.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(detailOf(res)).toContain(message);
  });

  it('takes a 100-character name', async () => {
    expect((await create(ada, 'y'.repeat(100), false)).name).toHaveLength(100);
  });

  it('ignores unknown fields, as the rest of the API does', async () => {
    const res = await ok('POST', '/lists/', bob, {
      name: 'Sneaky',
      is_public: true,
      id: 999,
      user_id: adaId,
      owner: { id: adaId, handle: 'ada' },
      buildings: [{ id: tower, name: 'Tower' }],
    });
    const list = listSchema.parse(res.body);
    expect(list).toMatchObject({ name: 'Sneaky', owner: { handle: 'bob' }, buildings: [] });
    expect(list.id).not.toBe(999);
  });
});

describe('reading one list', () => {
  it('shows a private list to its owner only', async () => {
    const secret = await create(ada, 'Secret', false);
    const own = await ok('GET', `/lists/${secret.id}`, ada);
    expect(listSchema.parse(own.body)).toEqual(secret);
    for (const who of [bob, visitor]) {
      const res = await call('GET', `/lists/${secret.id}`, who);
      expect(res.status).toBe(404);
      expect(detailOf(res)).toBe('List not found');
    }
  });

  it('shows a public list to everyone', async () => {
    const open = await create(ada, 'Shared', true);
    for (const who of [ada, bob, visitor]) {
      expect(listSchema.parse((await ok('GET', `/lists/${open.id}`, who)).body).name).toBe('Shared');
    }
  });

  it('answers 404 for an unknown list and 400 for a malformed id', async () => {
    expect((await call('GET', '/lists/999999', ada)).status).toBe(404);
    expect((await call('GET', '/lists/abc', ada)).status).toBe(400);
    expect((await call('GET', '/lists/0', ada)).status).toBe(400);
    expect((await call('GET', '/lists/99999999999', ada)).status).toBe(400);
  });
});

describe('PUT /api/lists/{id}', () => {
  it('lets the owner switch between public and private', async () => {
    const list = await create(ada, 'Toggle', false);
    const res = await ok('PUT', `/lists/${list.id}`, ada, { is_public: true });
    expect(listSchema.parse(res.body)).toEqual({ ...list, is_public: true });
    expect((await ok('GET', `/lists/${list.id}`, bob)).status).toBe(200);
    await ok('PUT', `/lists/${list.id}`, ada, { is_public: false });
    expect((await call('GET', `/lists/${list.id}`, bob)).status).toBe(404);
  });

  it('refuses visitors, hides private lists of others, forbids public ones of others', async () => {
    const priv = await create(ada, 'Private one', false);
    const pub = await create(ada, 'Public one', true);
    expect((await call('PUT', `/lists/${priv.id}`, visitor, { is_public: true })).status).toBe(401);
    expect((await call('PUT', `/lists/${pub.id}`, visitor, { is_public: false })).status).toBe(401);
    const hidden = await call('PUT', `/lists/${priv.id}`, bob, { is_public: true });
    expect(hidden.status).toBe(404);
    expect(detailOf(hidden)).toBe('List not found');
    expect((await call('PUT', `/lists/${pub.id}`, bob, { is_public: false })).status).toBe(403);
    const [privRow] = await t.app.db.select().from(lists).where(eq(lists.id, priv.id));
    const [pubRow] = await t.app.db.select().from(lists).where(eq(lists.id, pub.id));
    expect([privRow!.is_public, pubRow!.is_public]).toEqual([false, true]);
  });

  it('validates the body and ignores unknown fields', async () => {
    const list = await create(ada, 'Keep my name', false);
    expect((await call('PUT', `/lists/${list.id}`, ada, { is_public: 'yes' })).status).toBe(400);
    expect((await call('PUT', `/lists/${list.id}`, ada, {})).status).toBe(400);
    expect((await call('PUT', `/lists/${list.id}`, ada, { is_public: null })).status).toBe(400);
    const res = await ok('PUT', `/lists/${list.id}`, ada, { is_public: true, name: 'Renamed' });
    expect(listSchema.parse(res.body)).toMatchObject({ name: 'Keep my name', is_public: true });
    expect((await call('PUT', '/lists/999999', ada, { is_public: true })).status).toBe(404);
  });
});

describe('adding and removing buildings', () => {
  it('adds buildings in order, oldest added first', async () => {
    const list = await create(ada, 'Order', false);
    await ok('POST', `/lists/${list.id}/buildings`, ada, { buildingId: hall });
    const res = await ok('POST', `/lists/${list.id}/buildings`, ada, { buildingId: tower });
    expect(listSchema.parse(res.body).buildings).toEqual([
      { id: hall, name: 'Hall' },
      { id: tower, name: 'Tower' },
    ]);
  });

  it('is idempotent: adding twice keeps one entry', async () => {
    const list = await create(ada, 'Twice', false);
    const first = await addTo(list.id, bridge);
    const second = await addTo(list.id, bridge);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(listSchema.parse(second.body).buildings).toEqual([{ id: bridge, name: 'Bridge' }]);
    expect(await entryCount(list.id)).toBe(1);
  });

  it('keeps one entry under 10 concurrent adds', async () => {
    const list = await create(ada, 'Race', true);
    const results = await Promise.all(Array.from({ length: 10 }, () => addTo(list.id, tower)));
    expect(results.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
    for (const r of results)
      expect(listSchema.parse(r.body).buildings).toEqual([{ id: tower, name: 'Tower' }]);
    expect(await entryCount(list.id)).toBe(1);
  });

  it('answers 404 for an unknown building and 400 for a malformed buildingId', async () => {
    const list = await create(ada, 'Checks', false);
    const unknown = await addTo(list.id, 999999);
    expect(unknown.status).toBe(404);
    expect(detailOf(unknown)).toBe('Building not found');
    for (const buildingId of [String(tower), 'abc', -1, 0, 1.5, null, 99999999999]) {
      expect((await call('POST', `/lists/${list.id}/buildings`, ada, { buildingId })).status).toBe(400);
    }
    expect((await call('POST', `/lists/${list.id}/buildings`, ada, {})).status).toBe(400);
    expect((await addTo(999999, tower)).status).toBe(404);
    expect(await entryCount(list.id)).toBe(0);
  });

  it('removes a building; removing one not in the list is a 404', async () => {
    const list = await create(ada, 'Remove', false);
    await addTo(list.id, tower);
    await addTo(list.id, bridge);
    const res = await ok('DELETE', `/lists/${list.id}/buildings/${tower}`, ada);
    expect(listSchema.parse(res.body).buildings).toEqual([{ id: bridge, name: 'Bridge' }]);
    const again = await call('DELETE', `/lists/${list.id}/buildings/${tower}`, ada);
    expect(again.status).toBe(404);
    expect(detailOf(again)).toBe('This building is not in the list');
    expect((await call('DELETE', `/lists/${list.id}/buildings/999999`, ada)).status).toBe(404);
    expect((await call('DELETE', `/lists/${list.id}/buildings/abc`, ada)).status).toBe(400);
    expect((await call('DELETE', `/lists/999999/buildings/${bridge}`, ada)).status).toBe(404);
    expect(await entryCount(list.id)).toBe(1);
  });

  it("refuses visitors and other users' changes: 404 private, 403 public", async () => {
    const priv = await create(ada, 'Mine only', false);
    const pub = await create(ada, 'Mine, shown', true);
    await addTo(priv.id, hall);
    await addTo(pub.id, hall);
    for (const list of [priv, pub]) {
      expect((await addTo(list.id, tower, visitor)).status).toBe(401);
      expect((await call('DELETE', `/lists/${list.id}/buildings/${hall}`, visitor)).status).toBe(401);
    }
    expect((await addTo(priv.id, tower, bob)).status).toBe(404);
    expect((await call('DELETE', `/lists/${priv.id}/buildings/${hall}`, bob)).status).toBe(404);
    expect((await addTo(pub.id, tower, bob)).status).toBe(403);
    expect((await call('DELETE', `/lists/${pub.id}/buildings/${hall}`, bob)).status).toBe(403);
    // A visitor with a malformed body still gets the 401 first.
    expect((await call('POST', `/lists/${pub.id}/buildings`, visitor, { buildingId: 'x' })).status).toBe(401);
    expect([await entryCount(priv.id), await entryCount(pub.id)]).toEqual([1, 1]);
  });
});

describe('DELETE /api/lists/{id}', () => {
  it('deletes the list and its entries, never the buildings', async () => {
    const list = await create(ada, 'Doomed', true);
    await addTo(list.id, tower);
    await addTo(list.id, bridge);
    const res = await call('DELETE', `/lists/${list.id}`, ada);
    expect(res.status).toBe(204);
    expect(res.raw.body).toBe('');
    expect((await call('GET', `/lists/${list.id}`, ada)).status).toBe(404);
    expect(await entryCount(list.id)).toBe(0);
    expect(await t.app.db.$count(buildings, eq(buildings.id, tower))).toBe(1);
    expect(await t.app.db.$count(buildings, eq(buildings.id, bridge))).toBe(1);
    expect((await call('DELETE', `/lists/${list.id}`, ada)).status).toBe(404);
  });

  it('refuses visitors (401), hides private lists (404), forbids public ones (403)', async () => {
    const priv = await create(ada, 'Stay private', false);
    const pub = await create(ada, 'Stay public', true);
    expect((await call('DELETE', `/lists/${priv.id}`, visitor)).status).toBe(401);
    expect((await call('DELETE', `/lists/${pub.id}`, visitor)).status).toBe(401);
    expect((await call('DELETE', `/lists/${priv.id}`, bob)).status).toBe(404);
    expect((await call('DELETE', `/lists/${pub.id}`, bob)).status).toBe(403);
    expect(await t.app.db.$count(lists, eq(lists.id, priv.id))).toBe(1);
    expect(await t.app.db.$count(lists, eq(lists.id, pub.id))).toBe(1);
  });
});

describe('GET /api/users/{handle}/lists', () => {
  let carol: { cookie: string };
  let dave: { cookie: string };
  let older: List;
  let middle: List;
  let newest: List;

  beforeAll(async () => {
    carol = await signIn(t.app, 'carol');
    dave = await signIn(t.app, 'dave');
    older = await create(carol, 'Older public', true);
    middle = await create(carol, 'Middle private', false);
    newest = await create(carol, 'Newest public', true);
    await addTo(newest.id, bridge, carol);
    await addTo(newest.id, tower, carol);
    await addTo(middle.id, hall, carol);
  });

  const namesFor = async (headers: Headers) => {
    const body = userListsSchema.parse((await ok('GET', '/users/carol/lists', headers)).body);
    return body.items.map((l) => l.name);
  };

  it('shows the owner every list, newest first, with buildings', async () => {
    const body = userListsSchema.parse((await ok('GET', '/users/carol/lists', carol)).body);
    expect(body.items.map((l) => l.id)).toEqual([newest.id, middle.id, older.id]);
    expect(body.items[0]).toMatchObject({
      owner: { handle: 'carol' },
      buildings: [
        { id: bridge, name: 'Bridge' },
        { id: tower, name: 'Tower' },
      ],
    });
    expect(body.items[1]!.buildings).toEqual([{ id: hall, name: 'Hall' }]);
    expect(body.items[2]!.buildings).toEqual([]);
  });

  it('shows anyone else the public lists only', async () => {
    expect(await namesFor(dave)).toEqual(['Newest public', 'Older public']);
    expect(await namesFor(visitor)).toEqual(['Newest public', 'Older public']);
    await ok('PUT', `/lists/${newest.id}`, carol, { is_public: false });
    expect(await namesFor(dave)).toEqual(['Older public']);
    expect(await namesFor(visitor)).toEqual(['Older public']);
    expect(await namesFor(carol)).toEqual(['Newest public', 'Middle private', 'Older public']);
    await ok('PUT', `/lists/${newest.id}`, carol, { is_public: true });
  });

  it('answers an empty list for a user without lists and 404 for an unknown handle', async () => {
    expect(userListsSchema.parse((await ok('GET', '/users/dave/lists', visitor)).body).items).toEqual([]);
    const res = await call('GET', '/users/nobody_here/lists', carol);
    expect(res.status).toBe(404);
    expect(detailOf(res)).toBe('User not found');
  });
});

describe('deleting a building', () => {
  it('removes it from every list (through the API and by the foreign key cascade)', async () => {
    const doomed = await insertBuilding(t.app.db, 'Doomed', adaId);
    const cascaded = await insertBuilding(t.app.db, 'Cascaded');
    const mine = await create(ada, 'With doomed', true);
    const theirs = await create(bob, 'Also doomed', false);
    for (const id of [doomed, cascaded, hall]) {
      expect((await addTo(mine.id, id)).status).toBe(200);
      expect((await addTo(theirs.id, id, bob)).status).toBe(200);
    }
    expect((await call('DELETE', `/buildings/${doomed}`, ada)).status).toBe(204);
    await t.app.db.delete(buildings).where(eq(buildings.id, cascaded));
    const left = [{ id: hall, name: 'Hall' }];
    expect(listSchema.parse((await ok('GET', `/lists/${mine.id}`, bob)).body).buildings).toEqual(left);
    expect(listSchema.parse((await ok('GET', `/lists/${theirs.id}`, bob)).body).buildings).toEqual(left);
    expect(
      await t.app.db.$count(
        listBuildings,
        and(eq(listBuildings.list_id, theirs.id), eq(listBuildings.building_id, cascaded)),
      ),
    ).toBe(0);
    expect((await addTo(mine.id, doomed)).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('shows the lists paths under the lists tag, and the user filters of the card list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    type Operation = { tags?: string[]; parameters?: { name: string }[] };
    const doc = res.json<{ paths: Record<string, Record<string, Operation>> }>();
    const expected: [string, string][] = [
      ['/api/lists/{id}', 'get'],
      ['/api/lists/', 'post'],
      ['/api/lists/{id}', 'put'],
      ['/api/lists/{id}', 'delete'],
      ['/api/lists/{list_id}/buildings', 'post'],
      ['/api/lists/{list_id}/buildings/{building_id}', 'delete'],
      ['/api/users/{handle}/lists', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['lists']);
    }
    const cardList = doc.paths['/api/buildings/']!.get!.parameters!.map((p) => p.name);
    expect(cardList).toEqual(
      expect.arrayContaining(['user_handle', 'vote_user_handle', 'vote_type', 'sort_by', 'sort_order']),
    );
  });
});
