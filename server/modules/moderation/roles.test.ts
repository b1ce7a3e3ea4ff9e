/**
 * Roles through the API: GET /api/users/{handle} shows the role, an admin grants and withdraws the
 * moderator role, ADMIN_EMAILS makes a Google account admin, the demo moderator, and the CLI's
 * service. Runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_HANDLE } from '#domain/auth';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { startFakeGoogle, type FakeGoogle } from '../../test/google-fake.ts';
import { setRoleByHandle } from './roles.service.ts';

let t: TestApp;
let google: FakeGoogle;
let admin: { cookie: string };
let moderator: { cookie: string };
let user: { cookie: string };

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    SEED: 'false',
    AUTH_RATE_LIMIT: '100000',
    AUTH_DEV_LOGIN: 'true',
    ADMIN_EMAILS: ' Root@Example.com , other@example.com',
    ...google.env,
  });
  admin = await signIn(t.app, 'root');
  await setRoleByHandle(t.app.db, 'root', 'admin');
  moderator = await signIn(t.app, 'mod');
  await setRoleByHandle(t.app.db, 'mod', 'moderator');
  user = await signIn(t.app, 'ada');
  await signIn(t.app, 'bob');
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const setRole = (handle: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${handle}/role`, headers, payload: body as object });
const roleOf = async (handle: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${handle}` })).json<{ role: string }>().role;

describe('roles', () => {
  it('GET /api/users/{handle} includes the role, for anyone', async () => {
    expect(await roleOf('ada')).toBe('user');
    expect(await roleOf('mod')).toBe('moderator');
    expect(await roleOf('root')).toBe('admin');
  });

  it('an admin grants the moderator role and withdraws it, each change in the moderation log', async () => {
    const granted = await setRole('bob', { role: 'moderator' }, admin);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ handle: 'bob', role: 'moderator' });
    expect(await roleOf('bob')).toBe('moderator');
    const withdrawn = await setRole('bob', { role: 'user' }, admin);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await roleOf('bob')).toBe('user');
    const log = await t.app.inject({ method: 'GET', url: '/api/moderation/log', headers: admin });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json<{
      items: { action: string; note: string; actor: { handle: string } | null }[];
    }>().items;
    expect(
      entries.filter((e) => e.action === 'set_role' && e.actor?.handle === 'root').map((e) => e.note),
    ).toEqual(['user', 'moderator']);
  });

  it('a moderator or a user gets 403, a visitor 401, and nothing changes', async () => {
    for (const headers of [moderator, user]) {
      const res = await setRole('bob', { role: 'moderator' }, headers);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await setRole('bob', { role: 'moderator' })).statusCode).toBe(401);
    expect(await roleOf('bob')).toBe('user');
  });

  it('answers 404 for an unknown handle and 400 for a role that cannot be given', async () => {
    expect((await setRole('nobody_here', { role: 'moderator' }, admin)).statusCode).toBe(404);
    for (const body of [{ role: 'admin' }, { role: 'owner' }, {}]) {
      const res = await setRole('bob', body, admin);
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it("an admin cannot change their own role nor another admin's", async () => {
    expect((await setRole('root', { role: 'user' }, admin)).statusCode).toBe(403);
    await signIn(t.app, 'root2');
    await setRoleByHandle(t.app.db, 'root2', 'admin');
    const res = await setRole('root2', { role: 'user' }, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/ADMIN_EMAILS/);
  });

  it('a Google sign-in with a verified email in ADMIN_EMAILS (any case) makes the account admin', async () => {
    const token = await google.token({ sub: 'g-root', email: 'ROOT@example.com' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { role: string } }>().user.role).toBe('admin');
    const other = await google.token({ sub: 'g-plain', email: 'plain@example.com' });
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: other } });
    expect(plain.json<{ user: { role: string } }>().user.role).toBe('user');
  });

  it('the demo sign-in offers a moderator account; the demo user stays a user', async () => {
    const mod = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      payload: { handle: DEMO_MODERATOR_HANDLE },
    });
    expect(mod.statusCode, mod.body).toBe(200);
    expect(mod.json<{ user: { role: string } }>().user.role).toBe('moderator');
    const demo = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { handle: 'demo' } });
    expect(demo.json<{ user: { role: string } }>().user.role).toBe('user');
  });

  it('the CLI service sets any role, refuses the system account and unknown handles', async () => {
    expect(await setRoleByHandle(t.app.db, 'nobody_here', 'admin')).toEqual({ ok: false, reason: 'missing' });
    expect(await setRoleByHandle(t.app.db, 'ada', 'moderator')).toEqual({ ok: true, previous: 'user' });
    expect(await roleOf('ada')).toBe('moderator');
    expect(await setRoleByHandle(t.app.db, 'ada', 'user')).toEqual({ ok: true, previous: 'moderator' });
  });
});
