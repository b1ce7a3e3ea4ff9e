/**
 * Reports, the moderation queue, resolving (hide or dismiss), restoring, suspensions and the log,
 * through the API, with a request from each role (admin, moderator, user) and a visitor. Runs on
 * PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReportQueueItem } from '#domain/moderation';
import { buildings, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, insertComment, insertImage, userId } from '../../test/targets.ts';
import { setRoleByHandle } from './roles.service.ts';

let t: TestApp;
type Headers = { cookie: string };
let admin: Headers;
let mod: Headers;
let ada: Headers;
let bob: Headers;
let carol: Headers;
const ids = { building: 0, image: 0, comment: 0, ada: 0, bob: 0 };

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000', REPORT_RATE_LIMIT: '100000' });
  admin = await signIn(t.app, 'root');
  await setRoleByHandle(t.app.db, 'root', 'admin');
  mod = await signIn(t.app, 'mod');
  await setRoleByHandle(t.app.db, 'mod', 'moderator');
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  carol = await signIn(t.app, 'carol');
  ids.ada = await userId(t.app.db, 'ada');
  ids.bob = await userId(t.app.db, 'bob');
  ids.building = await insertBuilding(t.app.db, 'Spam Tower', ids.ada);
  ids.image = await insertImage(t.app.db, ids.building, ids.ada);
  ids.comment = await insertComment(t.app.db, {
    user_id: ids.ada,
    target_type: 'building',
    target_id: ids.building,
    content: 'Buy cheap watches',
  });
});
afterAll(async () => t?.close());

const report = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers, payload: body });
const queue = async (headers: Headers, status = 'open') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/moderation/reports?status=${status}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ReportQueueItem[] }>().items;
};
const resolve = (id: number, body: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/moderation/reports/${id}/resolve`, headers, payload: body });

describe('POST /api/reports', () => {
  it('a signed-in user reports a building: 201 with its id', async () => {
    const res = await report(
      { target_type: 'building', target_id: ids.building, reason: 'spam', note: 'an ad' },
      bob,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ id: number }>().id).toBeGreaterThan(0);
  });

  it('a second open report of the same target by the same user answers 409; another user may report it', async () => {
    const again = await report(
      { target_type: 'building', target_id: ids.building, reason: 'offensive' },
      bob,
    );
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    const carols = await report(
      { target_type: 'building', target_id: ids.building, reason: 'offensive' },
      carol,
    );
    expect(carols.statusCode, carols.body).toBe(201);
  });

  it('two reports sent at once still leave one open report (the unique index decides)', async () => {
    const body = { target_type: 'image', target_id: ids.image, reason: 'copyright' };
    const answers = await Promise.all([report(body, carol), report(body, carol)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('401 for a visitor, 404 for a target that does not exist, 400 for a bad body', async () => {
    expect(
      (await report({ target_type: 'building', target_id: ids.building, reason: 'spam' })).statusCode,
    ).toBe(401);
    for (const [type, id] of [
      ['building', 999999],
      ['image', 999999],
      ['comment', 999999],
      ['user', 999999],
      ['architect', 999999],
    ] as const) {
      const res = await report({ target_type: type, target_id: id, reason: 'spam' }, bob);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(404);
    }
    expect(
      (await report({ target_type: 'building', target_id: ids.building, reason: 'meh' }, bob)).statusCode,
    ).toBe(400);
    expect((await report({ target_type: 'list', target_id: 1, reason: 'spam' }, bob)).statusCode).toBe(400);
  });

  it('reports comments and users too', async () => {
    expect(
      (await report({ target_type: 'comment', target_id: ids.comment, reason: 'spam' }, bob)).statusCode,
    ).toBe(201);
    expect((await report({ target_type: 'user', target_id: ids.ada, reason: 'spam' }, bob)).statusCode).toBe(
      201,
    );
  });
});

describe('the moderation queue', () => {
  it('shows one row per reported target with its reasons, reporters and a summary, to moderators and admins', async () => {
    for (const headers of [mod, admin]) {
      const items = await queue(headers);
      const building = items.find((i) => i.target_type === 'building' && i.target_id === ids.building);
      expect(building).toMatchObject({
        reasons: ['offensive', 'spam'],
        notes: ['an ad'],
        reporters_count: 2,
        resolution: null,
        target: { title: 'Spam Tower', owner: { handle: 'ada' }, hidden: false, building_id: ids.building },
      });
      const comment = items.find((i) => i.target_type === 'comment');
      expect(comment?.target).toMatchObject({ excerpt: 'Buy cheap watches', owner: { handle: 'ada' } });
      expect(items.find((i) => i.target_type === 'user')?.target?.title).toBe('ada');
    }
  });

  it('is refused to users (403) and visitors (401)', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/moderation/reports', headers: bob })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/moderation/reports' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/moderation/log', headers: bob })).statusCode).toBe(
      403,
    );
  });
});

describe('resolving reports', () => {
  it('a user cannot resolve (403), a visitor neither (401)', async () => {
    const [item] = (await queue(mod)).filter((i) => i.target_type === 'building');
    expect((await resolve(item!.id, { action: 'hide' }, bob)).statusCode).toBe(403);
    expect((await resolve(item!.id, { action: 'hide' }, {})).statusCode).toBe(401);
    const [row] = await t.app.db
      .select({ hidden_at: buildings.hidden_at })
      .from(buildings)
      .where(eq(buildings.id, ids.building));
    expect(row!.hidden_at).toBeNull();
  });

  it('hide hides the target and resolves every open report of it; the log records it', async () => {
    const [item] = (await queue(mod)).filter((i) => i.target_type === 'building');
    const res = await resolve(item!.id, { action: 'hide', note: 'advertising' }, mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolved: 2 });
    const [row] = await t.app.db
      .select({ hidden_at: buildings.hidden_at })
      .from(buildings)
      .where(eq(buildings.id, ids.building));
    expect(row!.hidden_at).not.toBeNull();
    expect((await queue(mod)).some((i) => i.target_type === 'building')).toBe(false);
    const resolved = (await queue(mod, 'resolved')).find((i) => i.target_type === 'building');
    expect(resolved).toMatchObject({ resolution: 'hidden', reporters_count: 2, target: { hidden: true } });
    const log = await t.app.inject({ method: 'GET', url: '/api/moderation/log?per_page=1', headers: mod });
    expect(log.json()).toMatchObject({
      items: [
        {
          action: 'hide',
          target_type: 'building',
          target_id: ids.building,
          note: 'advertising',
          actor: { handle: 'mod' },
        },
      ],
      page: 1,
      per_page: 1,
      has_more: true,
    });
    // Resolved already: a second resolution is a conflict.
    expect((await resolve(item!.id, { action: 'dismiss' }, mod)).statusCode).toBe(409);
  });

  it('a new report of hidden content is 404 for a user who cannot see it', async () => {
    expect(
      (await report({ target_type: 'building', target_id: ids.building, reason: 'spam' }, carol)).statusCode,
    ).toBe(404);
  });

  it('dismiss leaves the target as it is', async () => {
    const [item] = (await queue(admin)).filter((i) => i.target_type === 'comment');
    const res = await resolve(item!.id, { action: 'dismiss' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const comments = await t.app.inject({
      method: 'GET',
      url: `/api/comments/building/${ids.building}`,
      headers: ada,
    });
    expect(comments.statusCode).toBe(200);
  });

  it('users are not hidden (400: suspend them), unknown reports are 404, bad actions 400', async () => {
    const [item] = (await queue(mod)).filter((i) => i.target_type === 'user');
    expect((await resolve(item!.id, { action: 'hide' }, mod)).statusCode).toBe(400);
    expect((await resolve(999999, { action: 'dismiss' }, mod)).statusCode).toBe(404);
    expect((await resolve(item!.id, { action: 'delete' }, mod)).statusCode).toBe(400);
  });

  it('restore brings hidden content back, for moderators only; logged', async () => {
    const url = `/api/moderation/building/${ids.building}/restore`;
    expect((await t.app.inject({ method: 'POST', url, headers: bob })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url, headers: mod });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.app.db
      .select({ hidden_at: buildings.hidden_at })
      .from(buildings)
      .where(eq(buildings.id, ids.building));
    expect(row!.hidden_at).toBeNull();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/moderation/building/999999/restore', headers: mod }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/moderation/user/${ids.ada}/restore`, headers: mod }))
        .statusCode,
    ).toBe(400);
    const log = await t.app.inject({ method: 'GET', url: '/api/moderation/log?per_page=1', headers: admin });
    expect(log.json<{ items: { action: string }[] }>().items[0]!.action).toBe('restore');
  });
});

describe('suspension', () => {
  const suspend = (handle: string, body: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/moderation/users/${handle}/suspend`, headers, payload: body });

  it('a user cannot suspend (403); a moderator cannot suspend a moderator or an admin', async () => {
    expect((await suspend('carol', { reason: 'x' }, bob)).statusCode).toBe(403);
    expect((await suspend('carol', { reason: 'x' }, {})).statusCode).toBe(401);
    expect((await suspend('root', { reason: 'x' }, mod)).statusCode).toBe(403);
    await signIn(t.app, 'mod2');
    await setRoleByHandle(t.app.db, 'mod2', 'moderator');
    expect((await suspend('mod2', { reason: 'x' }, mod)).statusCode).toBe(403);
    expect((await suspend('nobody_here', { reason: 'x' }, mod)).statusCode).toBe(404);
    expect((await suspend('carol', {}, mod)).statusCode).toBe(400);
    expect((await suspend('carol', { reason: 'x', until: '2000-01-01T00:00:00Z' }, mod)).statusCode).toBe(
      400,
    );
  });

  it("ends the user's sessions and refuses their sign-in and every write with a 403 saying so, until lifted", async () => {
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await suspend('carol', { reason: 'Repeated spam', until }, mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handle: 'carol', suspended: true, until, reason: 'Repeated spam' });
    // The old session is gone: carol is signed out.
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: carol });
    expect(check.json<{ logged_in: boolean }>().logged_in).toBe(false);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      payload: { handle: 'carol' },
    });
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json<{ detail: string }>().detail).toMatch(/suspended until/);
    const log = await t.app.inject({ method: 'GET', url: '/api/moderation/log?per_page=1', headers: mod });
    expect(log.json<{ items: { action: string; note: string }[] }>().items[0]).toMatchObject({
      action: 'suspend',
    });

    const lifted = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/users/carol/unsuspend',
      headers: mod,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ suspended: false });
    carol = await signIn(t.app, 'carol');
    const write = await report({ target_type: 'comment', target_id: ids.comment, reason: 'other' }, carol);
    expect(write.statusCode, write.body).toBe(201);
  });

  it('a session that outlived the suspension (made before it) may read but not write', async () => {
    const stale = await signIn(t.app, 'dave');
    // Suspended behind the API's back (as a second process could): the session stays.
    await t.app.db.update(users).set({ suspended_at: new Date() }).where(eq(users.handle, 'dave'));
    const read = await t.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: stale });
    expect(read.json<{ logged_in: boolean }>().logged_in).toBe(true);
    const write = await report({ target_type: 'comment', target_id: ids.comment, reason: 'other' }, stale);
    expect(write.statusCode).toBe(403);
    expect(write.json<{ detail: string }>().detail).toMatch(/suspended/);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: stale });
    expect(logout.statusCode).toBe(204);
  });
});

describe('the report limit', () => {
  it('answers 429 past REPORT_RATE_LIMIT reports a minute from one address', async () => {
    const limited = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000', REPORT_RATE_LIMIT: '2' });
    try {
      const eve = await signIn(limited.app, 'eve');
      const owner = await userId(limited.app.db, 'eve');
      const targets = [
        await insertBuilding(limited.app.db, 'One', owner),
        await insertBuilding(limited.app.db, 'Two', owner),
        await insertBuilding(limited.app.db, 'Three', owner),
      ];
      const codes = [];
      for (const id of targets) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: eve,
          payload: { target_type: 'building', target_id: id, reason: 'spam' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
