import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { previousHandles, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  await t.app.db
    .update(users)
    .set({ email: 'ada@example.com', picture: 'https://lh3.googleusercontent.com/a/ada' })
    .where(eq(users.handle, 'ada'));
});
afterAll(async () => t?.close());

const rename = (handle: string, body: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${handle}/handle`,
    headers: cookie ? { cookie } : {},
    payload: body as object,
  });

describe('GET /api/users/{handle}', () => {
  it('shows the public profile to anyone, without the email', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/ada' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ handle: 'ada', picture: 'https://lh3.googleusercontent.com/a/ada' });
    expect(Object.keys(body).sort()).toEqual(['created_at', 'handle', 'id', 'picture', 'role']);
    expect(new Date(body.created_at as string).getTime()).toBeLessThanOrEqual(Date.now());
    const asBob = await t.app.inject({ method: 'GET', url: '/api/users/ada', headers: bob });
    expect(asBob.json()).not.toHaveProperty('email');
  });

  it('shows the email to its owner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/ada', headers: ada });
    expect(res.json()).toMatchObject({ handle: 'ada', email: 'ada@example.com' });
  });

  it('answers 404 for an unknown handle', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/nobody_here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: 'User not found' });
  });
});

describe('GET /api/users/{handle}/faceplate', () => {
  it('redirects to the picture when there is one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/ada/faceplate' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://lh3.googleusercontent.com/a/ada');
  });

  it('draws a default avatar otherwise', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/bob/faceplate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('>B</text>');
  });
});

describe('PATCH /api/users/{handle}/handle', () => {
  it('lets the owner change the handle and returns it', async () => {
    const carol = await signIn(t.app, 'carol');
    const res = await rename('carol', { handle: 'carol_new' }, carol.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ handle: 'carol_new' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/carol_new' })).statusCode).toBe(200);
    // The old handle moves to the new one (reserved for carol for 30 days: see below).
    expect((await t.app.inject({ method: 'GET', url: '/api/users/carol' })).statusCode).toBe(301);
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: carol });
    expect(check.json()).toMatchObject({ user: { handle: 'carol_new' } });
  });

  it('keeps the same handle as a no-op', async () => {
    const res = await rename('ada', { handle: 'ada' }, ada.cookie);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['uppercase', 'Ada_New', 'Only lowercase letters, numbers, and underscores are allowed.'],
    ['spaces', 'ada new', 'Only lowercase letters, numbers, and underscores are allowed.'],
    ['empty', '', 'Please enter a handle.'],
    ['too long', 'a'.repeat(31), 'A handle can have at most 30 characters.'],
  ])('refuses a handle with %s (400 with the rule as detail)', async (_what, handle, detail) => {
    const res = await rename('ada', { handle }, ada.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail });
  });

  it.each([
    ['atlas_', `the site's own account "atlas"`],
    ['atlas_1', `the site's own account "atlas"`],
    ['a_t_l_a_s', `the site's own account "atlas"`],
    ['ATLAS', null],
    ['admin123', 'the role "admin"'],
    ['adm1n', 'the role "admin"'],
    ['moderator', 'the role "moderator"'],
    ['r00t', 'the reserved word "root"'],
    ['support', 'the reserved word "support"'],
  ])('refuses the reserved word or look-alike %s with a 400 that says why', async (handle, what) => {
    const res = await rename('ada', { handle }, ada.cookie);
    expect(res.statusCode).toBe(400);
    const detail = res.json<{ detail: string }>().detail;
    // Uppercase fails the format rule first; the others name what they could pass for.
    if (what === null) expect(detail).toBe('Only lowercase letters, numbers, and underscores are allowed.');
    else
      expect(detail).toBe(
        `The handle "${handle}" can't be used: it could be mistaken for ${what}. Please choose another.`,
      );
    expect((await t.app.inject({ method: 'GET', url: '/api/users/ada' })).statusCode).toBe(200);
  });

  it('refuses a body without a handle or of the wrong type', async () => {
    expect((await rename('ada', {}, ada.cookie)).statusCode).toBe(400);
    expect((await rename('ada', { handle: 42 }, ada.cookie)).statusCode).toBe(400);
  });

  it('answers 409 with a readable detail when the handle is taken', async () => {
    const res = await rename('ada', { handle: 'bob' }, ada.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: 'The handle "bob" is already taken.' });
  });

  it("answers 403 when changing another user's handle, and changes nothing", async () => {
    const res = await rename('ada', { handle: 'hijacked' }, bob.cookie);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/ada' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/hijacked' })).statusCode).toBe(404);
  });

  it('answers 401 when signed out', async () => {
    const res = await rename('ada', { handle: 'ada_x' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 401,
      detail: 'You need to be logged in to perform this action.',
    });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await rename('ghost', { handle: 'ghost_2' }, ada.cookie);
    expect(res.statusCode).toBe(404);
  });
});

describe('an old handle: reserved for its owner for 30 days, and redirected to the new one', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('redirects GET /api/users/{old} (301, not cached) to the current handle, through several changes', async () => {
    const dora = await signIn(t.app, 'dora');
    expect((await rename('dora', { handle: 'dora_two' }, dora.cookie)).statusCode).toBe(200);
    expect((await rename('dora_two', { handle: 'dora_three' }, dora.cookie)).statusCode).toBe(200);
    for (const old of ['dora', 'dora_two']) {
      const res = await get(`/api/users/${old}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/api/users/dora_three');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await get('/api/users/dora_three')).json()).toMatchObject({ handle: 'dora_three' });
  });

  it('keeps the old handle from anyone else for 30 days (409 that says why), then frees it', async () => {
    const erin = await signIn(t.app, 'erin');
    const frank = await signIn(t.app, 'frank');
    const before = Date.now();
    expect((await rename('erin', { handle: 'erin_new' }, erin.cookie)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(previousHandles).where(eq(previousHandles.handle, 'erin'));
    const days = (row!.released_at.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30);
    expect(days).toBeLessThan(30.01);

    const taken = await rename('frank', { handle: 'erin' }, frank.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      status: 409,
      detail: 'The handle "erin" was changed recently and stays reserved for its previous owner for 30 days.',
    });
    expect((await get('/api/users/frank')).statusCode).toBe(200);

    // 30 days later: released, no redirect, anyone may take it.
    await t.app.db
      .update(previousHandles)
      .set({ released_at: new Date(Date.now() - 1000) })
      .where(eq(previousHandles.handle, 'erin'));
    expect((await get('/api/users/erin')).statusCode).toBe(404);
    expect((await rename('frank', { handle: 'erin' }, frank.cookie)).statusCode).toBe(200);
    const [frankRow] = await t.app.db.select().from(users).where(eq(users.handle, 'erin'));
    expect((await get('/api/users/erin')).json()).toMatchObject({ id: frankRow!.id, handle: 'erin' });
    // The released row served its end; Frank's own old handle is now reserved for him.
    const rows = await t.app.db.select().from(previousHandles).where(eq(previousHandles.handle, 'erin'));
    expect(rows).toHaveLength(0);
    expect((await get('/api/users/frank')).headers.location).toBe('/api/users/erin');
  });

  it('lets the owner take the old handle back, which ends its redirect', async () => {
    const gus = await signIn(t.app, 'gus');
    expect((await rename('gus', { handle: 'gus_renamed' }, gus.cookie)).statusCode).toBe(200);
    const back = await rename('gus_renamed', { handle: 'gus' }, gus.cookie);
    expect(back.statusCode, back.body).toBe(200);
    expect((await get('/api/users/gus')).json()).toMatchObject({ handle: 'gus' });
    // Now the other way round: gus_renamed is the old one, reserved for gus.
    expect((await get('/api/users/gus_renamed')).headers.location).toBe('/api/users/gus');
    const reserved = await t.app.db.select().from(previousHandles).where(eq(previousHandles.handle, 'gus'));
    expect(reserved).toHaveLength(0);
  });
});
