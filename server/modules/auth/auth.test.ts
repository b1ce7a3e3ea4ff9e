import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/auth';
import { sessions, users } from '../../db/schema.ts';
import { startFakeGoogle, type FakeGoogle } from '../../test/google-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessionCookieOf, signIn } from '../../test/sessions.ts';
import { ensureSystemUser } from '../../db/seed.ts';
import { deleteExpiredSessions, startSessionPurge } from './sessions.service.ts';

let google: FakeGoogle;
let t: TestApp;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({ SEED: 'false', AUTH_DEV_LOGIN: 'true', ...google.env });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const sessionCount = async () => (await t.app.db.select({ n: count() }).from(sessions))[0]!.n;
const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0]!.n;
const login = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });
const checkLogin = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/google', () => {
  it('signs in with a valid ID token: creates the user, sets an httpOnly Lax session cookie', async () => {
    const res = await login(await google.token({ sub: 'sub-ada' }));
    expect(res.statusCode, res.body).toBe(200);
    const { user } = res.json<{ user: { id: number; handle: string; email: string; picture: string } }>();
    expect(user.handle).toMatch(/^user_[0-9a-z]{10}$/);
    expect(user).toMatchObject({
      email: 'ada.lovelace@example.com',
      picture: 'https://lh3.googleusercontent.com/a/ada',
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy(); // PUBLIC_URL is http in tests
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const stored = await t.app.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id_hash).not.toContain(cookie.value); // only the hash is stored

    const check = await checkLogin(`${SESSION_COOKIE}=${cookie.value}`);
    expect(check.json()).toEqual({ logged_in: true, user });
  });

  it('reuses the account on the next sign-in and keeps its picture fresh', async () => {
    const first = await login(await google.token({ sub: 'sub-grace', email: 'grace@example.com' }));
    const second = await login(
      await google.token({
        sub: 'sub-grace',
        email: 'grace@example.com',
        picture: 'https://lh3.googleusercontent.com/new',
      }),
    );
    expect(second.json<{ user: { id: number } }>().user.id).toBe(
      first.json<{ user: { id: number } }>().user.id,
    );
    expect(second.json()).toMatchObject({
      user: {
        handle: first.json<{ user: { handle: string } }>().user.handle,
        picture: 'https://lh3.googleusercontent.com/new',
      },
    });
  });

  it('gives a new account a handle with no part of its email nor its Google name', async () => {
    const res = await login(
      await google.token({ sub: 'sub-jane', email: 'jane.doe.private@gmail.com', name: 'Jane Doe' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { handle } = res.json<{ user: { handle: string } }>().user;
    expect(handle).toMatch(/^user_[0-9a-z]{10}$/);
    for (const part of ['jane', 'doe', 'private', 'gmail']) expect(handle).not.toContain(part);
    // Two accounts with the same email local part get different handles.
    const other = await login(await google.token({ sub: 'sub-jane-2', email: 'jane.doe.private@other.org' }));
    expect(other.json<{ user: { handle: string } }>().user.handle).not.toBe(handle);
  });

  it('leaves an existing account its handle, made from its email before', async () => {
    await t.app.db
      .insert(users)
      .values({ google_sub: 'sub-old-timer', handle: 'old_timer', email: 'old.timer@example.com' });
    const res = await login(await google.token({ sub: 'sub-old-timer', email: 'old.timer@example.com' }));
    expect(res.json()).toMatchObject({ user: { handle: 'old_timer', email: 'old.timer@example.com' } });
  });

  const past = () => Math.floor(Date.now() / 1000) - 120;
  const refused: [string, () => Promise<string>][] = [
    ['an expired token', () => google.token({ sub: 'x1' }, { expiresIn: past() })],
    [
      'a token not valid yet',
      () => google.token({ sub: 'x2' }, { notBefore: Math.floor(Date.now() / 1000) + 3600 }),
    ],
    ['another audience', () => google.token({ sub: 'x3', aud: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', () => google.token({ sub: 'x4', iss: 'https://evil.example' })],
    ['a bad signature', () => google.token({ sub: 'x5' }, { signWithOtherKey: true })],
    ['an unverified email', () => google.token({ sub: 'x6', email_verified: false })],
    ['no email', () => google.token({ sub: 'x7', email: undefined })],
    ['garbage', () => Promise.resolve('not.a.jwt')],
  ];
  it.each(refused)('refuses %s with 401 and creates no user or session', async (_name, make) => {
    const [sessionsBefore, usersBefore] = [await sessionCount(), await userCount()];
    const res = await login(await make());
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await userCount()).toBe(usersBefore);
  });

  it('answers 400 for a missing token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('logout deletes the session on the server, so the old cookie no longer works', async () => {
    const { cookie } = await signIn(t.app, 'leaving');
    expect((await checkLogin(cookie)).json()).toMatchObject({ logged_in: true, user: { handle: 'leaving' } });
    const before = await sessionCount();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(await sessionCount()).toBe(before - 1);
    expect((await checkLogin(cookie)).json()).toEqual({ logged_in: false, user: null });
  });

  it('refuses an expired session', async () => {
    const { cookie } = await signIn(t.app, 'expired_user');
    const [u] = await t.app.db.select().from(users).where(eq(users.handle, 'expired_user'));
    await t.app.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, u!.id));
    expect((await checkLogin(cookie)).json()).toEqual({ logged_in: false, user: null });
  });

  it('slides the expiry of a session in use', async () => {
    const { cookie } = await signIn(t.app, 'sliding_user');
    const [u] = await t.app.db.select().from(users).where(eq(users.handle, 'sliding_user'));
    const soon = new Date(Date.now() + 5 * 86_400_000);
    await t.app.db.update(sessions).set({ expires_at: soon }).where(eq(sessions.user_id, u!.id));
    const res = await checkLogin(cookie);
    expect(res.json()).toMatchObject({ logged_in: true });
    const [s] = await t.app.db.select().from(sessions).where(eq(sessions.user_id, u!.id));
    expect((s!.expires_at.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
    expect(sessionCookieOf(res)).toBeDefined(); // the cookie follows
  });

  it('answers check-login for a visitor without a cookie', async () => {
    expect((await checkLogin()).json()).toEqual({ logged_in: false, user: null });
    expect((await checkLogin(`${SESSION_COOKIE}=made-up`)).json()).toEqual({ logged_in: false, user: null });
  });
});

describe('cross-site requests', () => {
  it('refuses a mutating request whose Origin is another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      headers: { origin: 'https://evil.example' },
      payload: { handle: 'csrf_victim' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, detail: 'Requests from other sites are not allowed.' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses a mutating request the browser marks cross-site', async () => {
    const { cookie } = await signIn(t.app, 'csrf_target');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await checkLogin(cookie)).json()).toMatchObject({ logged_in: true });
  });

  it('accepts the same origin, and reads from anywhere', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      payload: { handle: 'same_origin' },
    });
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-login',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('sign-in choices and the dev sign-in', () => {
  it('tells the browser the Google client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google_client_id: google.env.GOOGLE_CLIENT_ID, dev_login: true });
  });

  it('has no dev sign-in when Google is configured, unless asked for', async () => {
    const googleOnly = await createTestApp({ SEED: 'false', ...google.env });
    try {
      const providers = await googleOnly.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ google_client_id: google.env.GOOGLE_CLIENT_ID, dev_login: false });
      const res = await googleOnly.app.inject({
        method: 'POST',
        url: '/api/auth/dev',
        payload: { handle: 'nope' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await googleOnly.close();
    }
  });

  it('offers the dev sign-in on the embedded default and refuses bad handles', async () => {
    const local = await createTestApp({ SEED: 'false' });
    try {
      expect((await local.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        google_client_id: null,
        dev_login: true,
      });
      const google404 = await local.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: 'x' },
      });
      expect(google404.statusCode).toBe(404);
      const bad = await local.app.inject({
        method: 'POST',
        url: '/api/auth/dev',
        payload: { handle: 'Not Valid' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        detail: 'Only lowercase letters, numbers, and underscores are allowed.',
      });
      const again1 = await signIn(local.app, 'twice');
      const again2 = await signIn(local.app, 'twice');
      expect(again1.cookie).not.toBe(again2.cookie);
      expect((await local.app.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
    } finally {
      await local.close();
    }
  });

  it('rate-limits the sign-in endpoints per IP with a 429 problem', async () => {
    const limited = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/dev',
          payload: { handle: `r${i}` },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
        }
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the demo sign-in never takes over an account', () => {
  it('refuses the handle of a Google user with a 403 problem, and sets no cookie', async () => {
    const g = await login(await google.token({ sub: 'sub-victim', email: 'victim@example.com' }));
    expect(g.statusCode, g.body).toBe(200);
    const victim = g.json<{ user: { handle: string } }>().user.handle;
    const sessionsBefore = await sessionCount();

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { handle: victim } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status: 403,
      detail: 'This account signs in with Google; the demo sign-in cannot be used for it.',
    });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it("creates no account under another user's old handle while it is reserved for them", async () => {
    const { cookie } = await signIn(t.app, 'renamer');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/renamer/handle',
      headers: { cookie },
      payload: { handle: 'renamer_now' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { handle: 'renamer' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      detail: 'This handle was changed recently and stays reserved for its previous owner for 30 days.',
    });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await t.app.db.select().from(users).where(eq(users.handle, 'renamer'))).toHaveLength(0);
  });

  it('gives no path to the system account: not the demo sign-in, not Google with its handle', async () => {
    const systemId = await ensureSystemUser(t.app.db);
    const [system] = await t.app.db.select().from(users).where(eq(users.id, systemId));
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      payload: { handle: system!.handle },
    });
    expect(dev.statusCode).toBe(403);
    expect(sessionCookieOf(dev)).toBeUndefined();
    // A Google account with the system account's handle as its email gets a handle of its own.
    const g = await login(await google.token({ sub: 'sub-atlas', email: `${system!.handle}@example.com` }));
    const { user } = g.json<{ user: { id: number; handle: string } }>();
    expect(user.id).not.toBe(systemId);
    expect(user.handle).not.toContain(system!.handle);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, systemId));
    expect(after).toMatchObject({ is_system: true, google_sub: null });
  });
});

describe('session lifetime, purge and sign out everywhere', () => {
  const DAY = 86_400_000;

  it('ends a session at its absolute lifetime even while it is in use', async () => {
    const { cookie } = await signIn(t.app, 'long_lived');
    const [u] = await t.app.db.select().from(users).where(eq(users.handle, 'long_lived'));
    // Used daily for 29 days: still signed in, and the sliding expiry never passes created + 30 days.
    await t.app.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 29 * DAY), expires_at: new Date(Date.now() + DAY / 2) })
      .where(eq(sessions.user_id, u!.id));
    expect((await checkLogin(cookie)).json()).toMatchObject({ logged_in: true });
    const [s] = await t.app.db.select().from(sessions).where(eq(sessions.user_id, u!.id));
    expect(s!.expires_at.getTime()).toBeGreaterThan(Date.now() + DAY / 2); // it slid…
    expect(s!.expires_at.getTime()).toBeLessThanOrEqual(s!.created_at.getTime() + 30 * DAY); // …up to the cap
    // Made 31 days ago, its sliding expiry still ahead: refused.
    await t.app.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 31 * DAY), expires_at: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessions.user_id, u!.id));
    const res = await checkLogin(cookie);
    expect(res.json()).toEqual({ logged_in: false, user: null });
  });

  it('takes the absolute lifetime from SESSION_MAX_AGE_DAYS', async () => {
    const short = await createTestApp({ SEED: 'false', SESSION_MAX_AGE_DAYS: '2' });
    try {
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/auth/dev',
        payload: { handle: 'brief' },
      });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      const days = ((cookie.expires as Date).getTime() - Date.now()) / DAY;
      expect(days).toBeGreaterThan(1.9);
      expect(days).toBeLessThanOrEqual(2);
      // Three days old, its sliding expiry still 27 days ahead: past SESSION_MAX_AGE_DAYS=2.
      await short.app.db
        .update(sessions)
        .set({ created_at: new Date(Date.now() - 3 * DAY), expires_at: new Date(Date.now() + 27 * DAY) });
      const check = await short.app.inject({
        method: 'GET',
        url: '/api/auth/check-login',
        headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` },
      });
      expect(check.json()).toMatchObject({ logged_in: false });
    } finally {
      await short.close();
    }
  });

  it('purges expired sessions (sliding or absolute) on a schedule, keeping live ones', async () => {
    await signIn(t.app, 'purge_stale');
    await signIn(t.app, 'purge_old');
    await signIn(t.app, 'purge_live');
    const idOf = async (handle: string) =>
      (await t.app.db.select().from(users).where(eq(users.handle, handle)))[0]!.id;
    await t.app.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, await idOf('purge_stale')));
    await t.app.db
      .update(sessions)
      .set({ created_at: new Date(Date.now() - 40 * DAY) })
      .where(eq(sessions.user_id, await idOf('purge_old')));
    const live = await idOf('purge_live');

    const purged: number[] = [];
    let stop = () => undefined as void;
    // The first purge runs at once, then every intervalMs: wait for two real ticks.
    await new Promise<void>((resolve) => {
      stop = startSessionPurge(t.app.db, {
        intervalMs: 20,
        onPurged: (n) => {
          purged.push(n);
          if (purged.length === 2) resolve();
        },
      });
    });
    stop();
    expect(purged[0]).toBeGreaterThanOrEqual(2);
    expect(purged[1]).toBe(0);
    const left = await t.app.db.select({ user_id: sessions.user_id }).from(sessions);
    const userIds = left.map((r) => r.user_id);
    expect(userIds).not.toContain(await idOf('purge_stale'));
    expect(userIds).not.toContain(await idOf('purge_old'));
    expect(userIds).toContain(live);
    expect(await deleteExpiredSessions(t.app.db)).toBe(0);
  });

  it('signs a user out everywhere: another device of theirs is signed out, other users are not', async () => {
    const laptop = await signIn(t.app, 'two_devices');
    const phone = await signIn(t.app, 'two_devices');
    const someoneElse = await signIn(t.app, 'bystander');
    expect((await checkLogin(phone.cookie)).json()).toMatchObject({ logged_in: true });

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: laptop });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect((await checkLogin(phone.cookie)).json()).toEqual({ logged_in: false, user: null });
    expect((await checkLogin(laptop.cookie)).json()).toEqual({ logged_in: false, user: null });
    expect((await checkLogin(someoneElse.cookie)).json()).toMatchObject({ logged_in: true });
  });

  it('answers 401 to a visitor who asks to sign out everywhere', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});

describe('the session cookie over https', () => {
  it('is named __Host-atlas_session, Secure, Path=/ and without Domain; the plain name is ignored', async () => {
    const https = await createTestApp({ SEED: 'false', PUBLIC_URL: 'https://atlas.example' });
    try {
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/dev',
        payload: { handle: 'secure' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.map((c) => c.name)).toEqual([`__Host-${SESSION_COOKIE}`]);
      const cookie = res.cookies[0]!;
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie.domain).toBeUndefined();
      const check = (c: string) =>
        https.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: { cookie: c } });
      expect((await check(`__Host-${SESSION_COOKIE}=${cookie.value}`)).json()).toMatchObject({
        logged_in: true,
      });
      // A cookie planted under the plain name (e.g. by a sibling subdomain over http) counts for nothing.
      expect((await check(`${SESSION_COOKIE}=${cookie.value}`)).json()).toMatchObject({ logged_in: false });
      const out = await https.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: `__Host-${SESSION_COOKIE}=${cookie.value}` },
      });
      expect(out.statusCode).toBe(204);
      expect(out.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`)?.value).toBe('');
      expect((await check(`__Host-${SESSION_COOKIE}=${cookie.value}`)).json()).toMatchObject({
        logged_in: false,
      });
    } finally {
      await https.close();
    }
  });
});
