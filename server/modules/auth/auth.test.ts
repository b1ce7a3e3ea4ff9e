import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/auth';
import { sessions, users } from '../../db/schema.ts';
import { startFakeGoogle, type FakeGoogle } from '../../test/google-fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessionCookieOf, signIn } from '../../test/sessions.ts';

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
    expect(user).toMatchObject({
      handle: 'ada_lovelace',
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
      user: { handle: 'grace', picture: 'https://lh3.googleusercontent.com/new' },
    });
  });

  it('derives a unique handle when the email local part is taken', async () => {
    const res = await login(await google.token({ sub: 'sub-other-ada', email: 'Ada.Lovelace@other.org' }));
    expect(res.json()).toMatchObject({ user: { handle: 'ada_lovelace_2' } });
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
