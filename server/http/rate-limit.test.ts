import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { comments } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertBuilding } from '../test/targets.ts';
import { WindowCounter } from './rate-limit.ts';

const PER_USER = 3;
const PER_IP = 8;

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp({
    SEED: 'false',
    RATE_LIMIT: 'true',
    RATE_LIMIT_MUTATIONS_PER_MINUTE: String(PER_USER),
    RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: String(PER_IP),
  });
  // Two sign-ins: two mutations from 127.0.0.1.
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  buildingId = await insertBuilding(t.app.db, 'Limit House');
});
afterAll(async () => t?.close());

const comment = (who: { cookie: string }, content: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/comments/building/${buildingId}`,
    headers: who,
    payload: { content },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const commentCount = async () => (await t.app.db.select({ n: count() }).from(comments))[0]!.n;

describe('mutation rate limits', () => {
  it('refuses a user over the per-user limit with a 429 problem and Retry-After, and stores nothing', async () => {
    for (let i = 0; i < PER_USER; i++) expect((await comment(ada, `ada ${i}`)).statusCode).toBe(201);
    const before = await commentCount();
    const res = await comment(ada, 'one too many');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json()).toMatchObject({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: expect.stringContaining('your account') as unknown,
      retryAfterSeconds: retryAfter,
    });
    expect(await commentCount()).toBe(before);
  });

  it('keys signed-in users by account: the same user is refused from another address too', async () => {
    const res = await comment(ada, 'from elsewhere', '203.0.113.7');
    expect(res.statusCode).toBe(429);
  });

  it('counts another user separately', async () => {
    expect((await comment(bob, 'bob 0')).statusCode).toBe(201);
  });

  it('does not count reads against the mutation limits', async () => {
    for (let i = 0; i < PER_IP + 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${buildingId}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits all mutations of one address, signed in or not', async () => {
    // 127.0.0.1 so far: 2 sign-ins, 3 of ada's comments and 1 of bob's (refused ones are not counted).
    expect((await comment(bob, 'bob 1')).statusCode).toBe(201);
    expect((await comment(bob, 'bob 2')).statusCode).toBe(201);
    // The address has made its 8 mutations: bob (under his own limit) and a signed-out visitor are refused.
    const bobOverIp = await comment(bob, 'bob 3');
    expect(bobOverIp.statusCode).toBe(429);
    expect(bobOverIp.json<{ detail: string }>().detail).toContain('this address');
    const overIp = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { handle: 'cy' } });
    expect(overIp.statusCode).toBe(429);
    expect(overIp.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      payload: { handle: 'cy' },
      remoteAddress: '198.51.100.9',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('leaves the signed upload PUT to its own rules', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/uploads/not-a-real-key.jpg?expires=1&signature=x',
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('x'),
    });
    expect(res.statusCode).not.toBe(429);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the fixed-window counter', () => {
  it('starts a new window after a minute and forgets old keys', () => {
    let now = 1_000;
    const counter = new WindowCounter(60_000, () => now);
    expect(counter.hit('a').count).toBe(1);
    expect(counter.hit('a').count).toBe(2);
    counter.undo('a');
    expect(counter.hit('a').count).toBe(2);
    now += 60_000;
    expect(counter.hit('b').count).toBe(1);
    expect(counter.size).toBe(1);
    expect(counter.hit('a').count).toBe(1);
  });
});

describe('the configuration of the limits', () => {
  it('is on by default, off in tests unless asked, and can be turned off', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      perUserPerMinute: 120,
      perIpPerMinute: 1200,
      readsPerIpPerMinute: 600,
      exportsPerIpPerMinute: 1,
    });
    expect(loadConfig({}).routeRateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).routeRateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMIT: 'false' }).routeRateLimits).toBe(false);
    expect(loadConfig({ RATE_LIMIT_READS_PER_IP_PER_MINUTE: '50' }).rateLimit?.readsPerIpPerMinute).toBe(50);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimit).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT: 'false' }).rateLimit).toBeUndefined();
    expect(() => loadConfig({ RATE_LIMIT_MUTATIONS_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_MUTATIONS_PER_MINUTE/,
    );
  });

  it('reads TRUST_PROXY as false, a hop count or proxy addresses, and refuses `true`', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // `true` would take the left-most X-Forwarded-For entry, which the client writes.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: `true` trusts any client's X-Forwarded-For.*set the number of proxies in front \(e\.g\. 1\) or their addresses\/CIDRs/,
    );
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
