/**
 * Revisions, reverts and suggested edits of buildings, and moderators editing and deleting any
 * building, through the API with a request from each role (admin, moderator, owner, another user)
 * and a visitor. Runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BuildingRevisionList, BuildingSuggestionList } from '#domain/revisions';
import { buildings, buildingStyles } from '../../db/schema.ts';
import { ensureSystemUser } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertStyles } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import { setRoleByHandle } from '../moderation/roles.service.ts';

let t: TestApp;
type Headers = { cookie: string } | Record<string, never>;
let admin: Headers;
let mod: Headers;
let ada: Headers;
let bob: Headers;
let carol: Headers;
const visitor: Headers = {};
let styles: Map<string, number>;
let systemId = 0;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000' });
  styles = await insertStyles(t.app.db, ['Gothic', 'Modern', 'Baroque']);
  admin = await signIn(t.app, 'root');
  await setRoleByHandle(t.app.db, 'root', 'admin');
  mod = await signIn(t.app, 'mod');
  await setRoleByHandle(t.app.db, 'mod', 'moderator');
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  carol = await signIn(t.app, 'carol');
  systemId = await ensureSystemUser(t.app.db);
});
afterAll(async () => t?.close());

let seq = 0;
function payload(change: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `House ${seq}`,
    place_id: null,
    year_built: 1920,
    year_demolished: null,
    description: 'First words',
    coordinates: [20 + seq * 0.01, 45],
    architectural_styles: [styles.get('Gothic')],
    architects: ['Ada Architect'],
    address: { line1: `${seq} Main Street`, city: 'Town', country_code: 'IT' },
    ...change,
  };
}

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, body?: object) =>
  t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });

async function create(headers: Headers, change: Record<string, unknown> = {}) {
  const body = payload(change);
  const res = await inject('POST', '/api/buildings/', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ building: { id: number } }>().building.id, body };
}

const edit = (id: number, headers: Headers, body: Record<string, unknown>) =>
  inject('PUT', `/api/buildings/${id}`, headers, { ...body, id });

async function revisions(id: number, query = '') {
  const res = await inject('GET', `/api/buildings/${id}/revisions${query}`, visitor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BuildingRevisionList>();
}

const suggest = (id: number, headers: Headers, body: object) =>
  inject('POST', `/api/buildings/${id}/suggestions`, headers, body);
const review = (id: number, sid: number, action: 'accept' | 'reject', headers: Headers) =>
  inject('POST', `/api/buildings/${id}/suggestions/${sid}/${action}`, headers);
const revert = (id: number, rid: number, headers: Headers) =>
  inject('POST', `/api/buildings/${id}/revisions/${rid}/revert`, headers);

async function lastLog() {
  const res = await inject('GET', '/api/moderation/log?per_page=1', admin);
  return res.json<{
    items: {
      action: string;
      target_type: string;
      target_id: number;
      note: string | null;
      actor: { handle: string };
    }[];
  }>().items[0];
}

async function systemBuilding(name: string): Promise<number> {
  const [b] = await t.app.db
    .insert(buildings)
    .values({ name, lng: -30 - seq, lat: 10, year_built: 1900, added_by: systemId })
    .returning({ id: buildings.id });
  await t.app.db.insert(buildingStyles).values({ building_id: b!.id, style_id: styles.get('Baroque')! });
  seq += 1;
  return b!.id;
}

describe('revisions', () => {
  it('adding a building is its first revision: every field from nothing', async () => {
    const { id, body } = await create(ada);
    const list = await revisions(id);
    expect(list).toMatchObject({ page: 1, has_more: false });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'create',
      author: { handle: 'ada' },
      changes: {
        name: { from: null, to: body.name },
        year_built: { from: null, to: 1920 },
        coordinates: { from: null, to: body.coordinates },
        architectural_styles: { from: null, to: [{ id: styles.get('Gothic'), name: 'Gothic' }] },
        architects: { from: null, to: ['Ada Architect'] },
      },
    });
    expect(typeof list.items[0]!.created_at).toBe('string');
  });

  it("an owner's edit records only the fields that changed, newest first; an edit changing nothing records none", async () => {
    const { id, body } = await create(ada);
    const res = await edit(id, ada, {
      ...body,
      name: 'Renamed House',
      architectural_styles: [styles.get('Gothic'), styles.get('Modern')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await revisions(id);
    expect(list.items.map((r) => r.kind)).toEqual(['edit', 'create']);
    expect(list.items[0]!.changes).toEqual({
      name: { from: body.name, to: 'Renamed House' },
      architectural_styles: {
        from: [{ id: styles.get('Gothic'), name: 'Gothic' }],
        to: [
          { id: styles.get('Gothic'), name: 'Gothic' },
          { id: styles.get('Modern'), name: 'Modern' },
        ],
      },
    });
    expect(
      (
        await edit(id, ada, {
          ...body,
          name: 'Renamed House',
          architectural_styles: [styles.get('Gothic'), styles.get('Modern')],
        })
      ).statusCode,
    ).toBe(200);
    expect((await revisions(id)).items).toHaveLength(2);
    const paged = await revisions(id, '?per_page=1');
    expect(paged).toMatchObject({ per_page: 1, has_more: true });
    expect(paged.items[0]!.kind).toBe('edit');
    const second = await revisions(id, '?per_page=1&page=2');
    expect(second).toMatchObject({ page: 2, has_more: false });
    expect(second.items[0]!.kind).toBe('create');
  });

  it('404 for an unknown building, 400 for a bad page, and a hidden building is 404 to a visitor but not to its owner', async () => {
    expect((await inject('GET', '/api/buildings/999999/revisions', visitor)).statusCode).toBe(404);
    expect((await inject('GET', '/api/buildings/1/revisions?page=0', visitor)).statusCode).toBe(400);
    const { id } = await create(ada);
    await t.app.db.update(buildings).set({ hidden_at: new Date() }).where(eq(buildings.id, id));
    expect((await inject('GET', `/api/buildings/${id}/revisions`, visitor)).statusCode).toBe(404);
    expect((await inject('GET', `/api/buildings/${id}/revisions`, bob)).statusCode).toBe(404);
    expect((await inject('GET', `/api/buildings/${id}/revisions`, ada)).statusCode).toBe(200);
    expect((await inject('GET', `/api/buildings/${id}/revisions`, mod)).statusCode).toBe(200);
    expect((await suggest(id, bob, { name: 'Hidden?' })).statusCode).toBe(404);
  });
});

describe('moderators and admins edit and delete any building', () => {
  it('another user still gets 403, a visitor 401; the building stays as it was', async () => {
    const { id, body } = await create(ada);
    expect((await edit(id, bob, { ...body, name: 'Bob was here' })).statusCode).toBe(403);
    expect((await edit(id, visitor, { ...body, name: 'Bob was here' })).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/buildings/${id}`, bob)).statusCode).toBe(403);
    expect((await revisions(id)).items).toHaveLength(1);
  });

  it("a moderator's and an admin's edits are revisions by them and go to the moderation log", async () => {
    const { id, body } = await create(ada);
    const byMod = await edit(id, mod, { ...body, description: 'Corrected by a moderator' });
    expect(byMod.statusCode, byMod.body).toBe(200);
    expect(await lastLog()).toMatchObject({
      action: 'edit',
      target_type: 'building',
      target_id: id,
      actor: { handle: 'mod' },
    });
    const byAdmin = await edit(id, admin, { ...body, description: 'Corrected by an admin' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'edit', target_id: id, actor: { handle: 'root' } });
    const list = await revisions(id);
    expect(list.items.slice(0, 2).map((r) => [r.kind, r.author?.handle])).toEqual([
      ['edit', 'root'],
      ['edit', 'mod'],
    ]);
    expect(list.items[0]!.changes).toEqual({
      description: { from: 'Corrected by a moderator', to: 'Corrected by an admin' },
    });
  });

  it("an owner's own edit is not logged as moderation", async () => {
    const before = await lastLog();
    const { id, body } = await create(mod);
    expect((await edit(id, mod, { ...body, name: 'Own house' })).statusCode).toBe(200);
    expect(await lastLog()).toEqual(before);
  });

  it('a moderator edits and deletes a building of the catalogue account; the deletion is logged with its name', async () => {
    const id = await systemBuilding('Catalogue Tower');
    const res = await edit(id, mod, payload({ name: 'Catalogue Tower (corrected)' }));
    expect(res.statusCode, res.body).toBe(200);
    const removed = await inject('DELETE', `/api/buildings/${id}`, mod);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await lastLog()).toMatchObject({
      action: 'delete',
      target_type: 'building',
      target_id: id,
      note: 'Catalogue Tower (corrected)',
      actor: { handle: 'mod' },
    });
    expect((await inject('GET', `/api/buildings/${id}`, visitor)).statusCode).toBe(404);
  });

  it('an admin deletes a building someone else added', async () => {
    const { id } = await create(ada);
    expect((await inject('DELETE', `/api/buildings/${id}`, admin)).statusCode).toBe(204);
    expect(await lastLog()).toMatchObject({ action: 'delete', target_id: id, actor: { handle: 'root' } });
  });
});

describe('suggestions', () => {
  it('any signed-in user suggests an edit: 201 pending; a visitor gets 401; unknown building 404', async () => {
    const { id } = await create(ada);
    const res = await suggest(id, bob, { name: 'Better Name', year_built: 1921, note: 'See the plaque' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: number; status: string }>();
    expect(created.status).toBe('pending');
    expect(created.id).toBeGreaterThan(0);
    expect((await suggest(id, visitor, { name: 'Better Name' })).statusCode).toBe(401);
    expect((await suggest(999999, bob, { name: 'Better Name' })).statusCode).toBe(404);
    // Nothing changes until it is accepted.
    expect((await revisions(id)).items).toHaveLength(1);
  });

  it('400 when nothing changes, and when the result is no valid building', async () => {
    const { id, body } = await create(ada);
    const cases: object[] = [
      {},
      { name: body.name },
      { note: 'only a note' },
      { unknown_field: 'x' },
      { year_demolished: 1800 },
      { name: '   ' },
      { architectural_styles: [] },
      { architectural_styles: [999999] },
      { coordinates: [200, 0] },
    ];
    for (const c of cases) {
      const res = await suggest(id, bob, c);
      expect(res.statusCode, `${JSON.stringify(c)}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('the owner and moderators list pending suggestions as a diff; other users get 403, visitors 401', async () => {
    const { id, body } = await create(ada);
    const made = await suggest(id, bob, {
      description: 'Better words',
      architectural_styles: [styles.get('Baroque')],
    });
    const sid = made.json<{ id: number }>().id;
    for (const headers of [ada, mod, admin]) {
      const res = await inject('GET', `/api/buildings/${id}/suggestions?status=pending`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json<BuildingSuggestionList>();
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        id: sid,
        status: 'pending',
        building: { id, name: body.name },
        author: { handle: 'bob' },
        changes: {
          description: { from: 'First words', to: 'Better words' },
          architectural_styles: {
            from: [{ id: styles.get('Gothic'), name: 'Gothic' }],
            to: [{ id: styles.get('Baroque'), name: 'Baroque' }],
          },
        },
        reviewed_at: null,
        reviewed_by: null,
      });
    }
    expect((await inject('GET', `/api/buildings/${id}/suggestions`, bob)).statusCode).toBe(403);
    expect((await inject('GET', `/api/buildings/${id}/suggestions`, carol)).statusCode).toBe(403);
    expect((await inject('GET', `/api/buildings/${id}/suggestions`, visitor)).statusCode).toBe(401);
    expect((await inject('GET', `/api/buildings/${id}/suggestions?status=maybe`, ada)).statusCode).toBe(400);
    const accepted = await inject('GET', `/api/buildings/${id}/suggestions?status=accepted`, ada);
    expect(accepted.json<BuildingSuggestionList>().items).toEqual([]);
  });

  it('accepting applies the changes as a revision by the suggester; a second review is 409', async () => {
    const { id } = await create(ada);
    const sid = (await suggest(id, bob, { name: 'Accepted Name', year_built: 1925 })).json<{ id: number }>()
      .id;
    expect((await review(id, sid, 'accept', bob)).statusCode).toBe(403);
    expect((await review(id, sid, 'accept', carol)).statusCode).toBe(403);
    expect((await review(id, sid, 'accept', visitor)).statusCode).toBe(401);
    const res = await review(id, sid, 'accept', ada);
    expect(res.statusCode, res.body).toBe(200);
    const reviewed = res.json<{ id: number; status: string; revision: { id: number } | null }>();
    expect(reviewed).toMatchObject({ id: sid, status: 'accepted' });
    expect(reviewed.revision?.id).toBeGreaterThan(0);
    const detail = await inject('GET', `/api/buildings/${id}`, visitor);
    expect(detail.json()).toMatchObject({ name: 'Accepted Name', year_built: 1925 });
    const [latest] = (await revisions(id)).items;
    expect(latest).toMatchObject({
      kind: 'suggestion',
      author: { handle: 'bob' },
      changes: { name: { to: 'Accepted Name' }, year_built: { from: 1920, to: 1925 } },
    });
    expect((await review(id, sid, 'accept', ada)).statusCode).toBe(409);
    expect((await review(id, sid, 'reject', mod)).statusCode).toBe(409);
    expect((await review(id, 999999, 'accept', ada)).statusCode).toBe(404);
  });

  it('accepting is validated against the building as it is now: 400 and still pending, or 409 when it changes nothing', async () => {
    const { id, body } = await create(ada);
    const demolished = (await suggest(id, bob, { year_demolished: 1950 })).json<{ id: number }>().id;
    const sameName = (await suggest(id, carol, { name: 'Same Name' })).json<{ id: number }>().id;
    expect((await edit(id, ada, { ...body, year_built: 1960, name: 'Same Name' })).statusCode).toBe(200);
    const invalid = await review(id, demolished, 'accept', ada);
    expect(invalid.statusCode, invalid.body).toBe(400);
    expect(invalid.json<{ detail: string }>().detail).toBe('Year demolished cannot be before year built');
    const nothing = await review(id, sameName, 'accept', ada);
    expect(nothing.statusCode, nothing.body).toBe(409);
    const pending = await inject('GET', `/api/buildings/${id}/suggestions`, ada);
    expect(
      pending
        .json<BuildingSuggestionList>()
        .items.map((s) => s.id)
        .sort(),
    ).toEqual([demolished, sameName].sort());
    expect((await review(id, sameName, 'reject', ada)).statusCode).toBe(200);
  });

  it('a suggestion of another building is 404 under this one', async () => {
    const one = await create(ada);
    const two = await create(ada);
    const sid = (await suggest(one.id, bob, { name: 'Elsewhere' })).json<{ id: number }>().id;
    expect((await review(two.id, sid, 'accept', ada)).statusCode).toBe(404);
  });

  it("moderators are the reviewers of the catalogue account's buildings; accepting is logged", async () => {
    const id = await systemBuilding('Seeded Hall');
    const sid = (await suggest(id, bob, { description: 'A hall, seeded' })).json<{ id: number }>().id;
    expect((await inject('GET', `/api/buildings/${id}/suggestions`, ada)).statusCode).toBe(403);
    expect((await review(id, sid, 'accept', ada)).statusCode).toBe(403);
    const res = await review(id, sid, 'accept', mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastLog()).toMatchObject({
      action: 'edit',
      target_id: id,
      note: `accepted suggestion ${sid}`,
      actor: { handle: 'mod' },
    });
    const [latest] = (await revisions(id)).items;
    expect(latest).toMatchObject({
      kind: 'suggestion',
      author: { handle: 'bob' },
      changes: { description: { from: null, to: 'A hall, seeded' } },
    });
  });

  it('rejecting leaves the building as it is; the suggester sees each outcome on their own page', async () => {
    const { id } = await create(ada);
    const rejected = (await suggest(id, carol, { name: 'Rejected Name' })).json<{ id: number }>().id;
    const accepted = (await suggest(id, carol, { description: 'Accepted words' })).json<{ id: number }>().id;
    const pending = (await suggest(id, carol, { year_built: 1930 })).json<{ id: number }>().id;
    expect((await review(id, rejected, 'reject', carol)).statusCode).toBe(403);
    const res = await review(id, rejected, 'reject', mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: rejected, status: 'rejected', revision: null });
    expect((await review(id, accepted, 'accept', ada)).statusCode).toBe(200);
    expect((await revisions(id)).items.map((r) => r.kind)).toEqual(['suggestion', 'create']);

    const own = await inject('GET', '/api/users/carol/suggestions', carol);
    expect(own.statusCode, own.body).toBe(200);
    const items = own.json<BuildingSuggestionList>().items.filter((s) => s.building.id === id);
    expect(items.map((s) => [s.id, s.status, s.reviewed_by?.handle ?? null])).toEqual([
      [pending, 'pending', null],
      [accepted, 'accepted', 'ada'],
      [rejected, 'rejected', 'mod'],
    ]);
    const onlyRejected = await inject('GET', '/api/users/carol/suggestions?status=rejected', carol);
    expect(onlyRejected.json<BuildingSuggestionList>().items.every((s) => s.status === 'rejected')).toBe(
      true,
    );
    expect((await inject('GET', '/api/users/carol/suggestions', bob)).statusCode).toBe(403);
    expect((await inject('GET', '/api/users/carol/suggestions', mod)).statusCode).toBe(200);
    expect((await inject('GET', '/api/users/carol/suggestions', visitor)).statusCode).toBe(401);
    expect((await inject('GET', '/api/users/nobody_here/suggestions', mod)).statusCode).toBe(404);
  });
});

describe('reverting to a revision', () => {
  it('restores the building as it was right after that revision, as a new revision', async () => {
    const { id, body } = await create(ada);
    expect((await edit(id, ada, { ...body, name: 'Second Name' })).statusCode).toBe(200);
    expect(
      (await edit(id, ada, { ...body, name: 'Third Name', year_built: 1930, architects: ['Someone Else'] }))
        .statusCode,
    ).toBe(200);
    const [third, second, created] = (await revisions(id)).items;
    expect([third!.kind, second!.kind, created!.kind]).toEqual(['edit', 'edit', 'create']);

    const res = await revert(id, second!.id, ada);
    expect(res.statusCode, res.body).toBe(201);
    const detail = await inject('GET', `/api/buildings/${id}`, visitor);
    expect(detail.json()).toMatchObject({
      name: 'Second Name',
      year_built: 1920,
      architects: [{ name: 'Ada Architect' }],
    });
    const [latest] = (await revisions(id)).items;
    expect(latest).toMatchObject({
      id: res.json<{ revision: { id: number } }>().revision.id,
      kind: 'revert',
      author: { handle: 'ada' },
      changes: {
        name: { from: 'Third Name', to: 'Second Name' },
        year_built: { from: 1930, to: 1920 },
        architects: { from: ['Someone Else'], to: ['Ada Architect'] },
      },
    });
    // The building already has those values now.
    expect((await revert(id, second!.id, ada)).statusCode).toBe(409);
    // Back to how it was added.
    expect((await revert(id, created!.id, ada)).statusCode).toBe(201);
    expect((await inject('GET', `/api/buildings/${id}`, visitor)).json()).toMatchObject({ name: body.name });
  });

  it('owner or moderator only: 403 for another user, 401 for a visitor, 404 for a revision of another building', async () => {
    const { id, body } = await create(ada);
    const other = await create(ada);
    expect((await edit(id, ada, { ...body, name: 'Changed' })).statusCode).toBe(200);
    const [, created] = (await revisions(id)).items;
    expect((await revert(id, created!.id, bob)).statusCode).toBe(403);
    expect((await revert(id, created!.id, visitor)).statusCode).toBe(401);
    expect((await revert(other.id, created!.id, ada)).statusCode).toBe(404);
    expect((await revert(id, 999999, ada)).statusCode).toBe(404);
    expect((await revert(999999, created!.id, ada)).statusCode).toBe(404);
    expect((await revisions(id)).items).toHaveLength(2);
    const byMod = await revert(id, created!.id, mod);
    expect(byMod.statusCode, byMod.body).toBe(201);
    expect(await lastLog()).toMatchObject({
      action: 'edit',
      target_id: id,
      note: `reverted to revision ${created!.id}`,
    });
  });

  it('a revert that would duplicate another building is a 409 naming it', async () => {
    const { id, body } = await create(ada);
    expect((await edit(id, ada, { ...body, name: 'Moved Away', coordinates: [100, 10] })).statusCode).toBe(
      200,
    );
    const [, created] = (await revisions(id)).items;
    // Another building takes the first name and place meanwhile.
    const twin = await inject('POST', '/api/buildings/', bob, { ...body, address: { ...body.address } });
    expect(twin.statusCode, twin.body).toBe(201);
    const res = await revert(id, created!.id, ada);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ building_id: number }>().building_id).toBe(
      twin.json<{ building: { id: number } }>().building.id,
    );
  });
});
