/**
 * The security review of the HTTP layer: each test performs the attack.
 * - limits decided from the routed path (absolute-form and other non-canonical targets);
 * - TRUST_PROXY as a hop count: the client's own X-Forwarded-For entries do not pick request.ip;
 * - per-IP limits on expensive reads; RATE_LIMIT=false turns every limit off;
 * - deeply nested JSON is a 400, whatever the call stack;
 * - request, headers, idle and keep-alive timeouts cut slow clients off;
 * - no-store on per-user answers; X-Request-Id only from a trusted proxy; signed URLs not logged.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertBuilding } from '../test/targets.ts';
import { jsonDepth, nulPath } from './input-guards.ts';
import { redactUrl } from './logging.ts';
import { normalisedPath } from './rate-limit.ts';

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Sends `text` as it is over a new TCP connection and reads the answer until the server closes. */
function raw(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = all.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
  });
}

const post = (target: string, forwardedFor: string, body = '{"name":"x"}') =>
  `POST ${target} HTTP/1.1\r\nHost: atlas.test\r\nX-Forwarded-For: ${forwardedFor}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

const listening = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
};

describe('behind one proxy (TRUST_PROXY=1) with small limits', () => {
  let t: TestApp;
  let port: number;
  let buildingId: number;

  beforeAll(async () => {
    t = await createTestApp({
      SEED: 'false',
      TRUST_PROXY: '1',
      RATE_LIMIT: 'true',
      RATE_LIMIT_MUTATIONS_PER_MINUTE: '100',
      RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: '1',
      RATE_LIMIT_READS_PER_IP_PER_MINUTE: '3',
    });
    buildingId = await insertBuilding(t.app.db, 'Read House');
    port = await listening(t.app);
  });
  afterAll(async () => t?.close());

  // Each target reaches POST /api/lists/ (or no route); the first from a fresh client address must
  // use up that address's one mutation, so the canonical request after it is refused.
  it.each([
    ['absolute form', 1, (port: number) => `http://127.0.0.1:${port}/api/lists/`],
    ['absolute form, other host', 2, () => 'http://elsewhere.example/api/lists/'],
    ['double slashes', 3, () => '//api//lists/'],
    ['dot segment', 4, () => '/api/./lists/'],
    ['percent-encoded slash', 5, () => '/%2Fapi/lists/'],
    ['percent-encoded letters', 6, () => '/%61pi/lists/'],
    ['trailing ?', 7, () => '/api/lists/?'],
    ['query', 8, () => '/api/lists/?a=1'],
  ])('counts a mutation sent as %s', async (_name, n, target) => {
    const client = `198.51.100.${n}`; // a fresh client address for each target
    const first = await raw(port, post(target(port), client));
    expect(first.status).not.toBe(429);
    expect(first.status).toBeGreaterThanOrEqual(400); // signed out: the route (or no route) refuses
    expect(first.status).toBeLessThan(500);
    const second = await raw(port, post('/api/lists/', client));
    expect(second.status).toBe(429);
    expect(second.head).toMatch(/\r\nretry-after: \d+/i);
    expect(JSON.parse(second.body)).toMatchObject({ status: 429, title: 'Too Many Requests' });
  });

  it('keys limits on the address the proxy saw, not on entries the client wrote', async () => {
    // The client writes its own X-Forwarded-For; the proxy appends the address it saw (203.0.113.5).
    const spoofed = (left: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/lists/',
        payload: { name: 'x' },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `${left}, 203.0.113.5` },
      });
    expect((await spoofed('1.1.1.1')).statusCode).toBe(401);
    const second = await spoofed('2.2.2.2');
    expect(second.statusCode).toBe(429);
    // Another real client behind the same proxy is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/lists/',
      payload: { name: 'x' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.6' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('limits every database read per IP (one budget), with a 429 problem', async () => {
    const from = (url: string, ip: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': ip } });
    const ip = '192.0.2.40';
    expect((await from('/api/buildings/', ip)).statusCode).toBe(200);
    expect((await from('/api/buildings/geojson?south=-10&west=-10&north=10&east=10', ip)).statusCode).toBe(
      200,
    );
    expect((await from(`/api/comments/building/${buildingId}`, ip)).statusCode).toBe(200);
    const over = await from(`/api/comments/building/${buildingId}`, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await from('/api/buildings/', ip)).statusCode).toBe(429);
    // A single building is a database read too; health probes are not counted; another address
    // has its own budget.
    expect((await from(`/api/buildings/${buildingId}`, ip)).statusCode).toBe(429);
    expect((await from('/api/search?q=read', ip)).statusCode).toBe(429);
    expect((await from('/api/images/infinite-scroll', ip)).statusCode).toBe(429);
    expect((await from('/api/locator.svg?lng=2.35&lat=48.85', ip)).statusCode).toBe(429);
    expect((await from('/api/health/live', ip)).statusCode).toBe(200);
    // An upload's status, polled by the upload dialog, is not counted either (404: no such task).
    expect(
      (await from('/api/images/processing-status/00000000-0000-4000-8000-000000000000', ip)).statusCode,
    ).toBe(404);
    expect((await from('/api/buildings/', '192.0.2.41')).statusCode).toBe(200);
  });

  it("keeps a trusted proxy's X-Request-Id", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(res.headers['x-request-id']).toBe('lb-1234.abc');
  });
});

describe('a default app (no proxy), RATE_LIMIT=false, short timeouts, logs captured', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let port: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-hardening-'));
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SEED: 'false',
        RATE_LIMIT: 'false',
        AUTH_RATE_LIMIT: '1',
        RATE_LIMIT_READS_PER_IP_PER_MINUTE: '1',
        HTTP_IDLE_TIMEOUT_MS: '300',
        HTTP_HEADERS_TIMEOUT_MS: '300',
        HTTP_REQUEST_TIMEOUT_MS: '900',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
      }),
      webDir: undefined,
    };
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp(config, { database: await openDatabase({}), logger: { level: 'info', stream } });
    port = await listening(app);
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('turns every limit off with RATE_LIMIT=false: sign-ins and reads included', async () => {
    for (let i = 0; i < 3; i++) await signIn(app, `many${i}`); // AUTH_RATE_LIMIT=1 is off
    for (let i = 0; i < 3; i++) expect((await app.inject('/api/buildings/')).statusCode).toBe(200);
  });

  describe('deeply nested JSON', () => {
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { 'content-type': 'application/json' },
        payload,
      });

    it.each([
      ['200k unclosed [', '['.repeat(200_000)],
      ['200k balanced [ ]', `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
      ['100k nested objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
      ['one level over the limit', `${'['.repeat(33)}${']'.repeat(33)}`],
    ])('refuses %s with a 400 problem', async (_name, body) => {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json<{ detail: string }>().detail).toContain('more than 32 levels deep');
    });

    it('lets a body at the limit through to the schema, and a normal body through', async () => {
      const atLimit = await send(`${'['.repeat(32)}${']'.repeat(32)}`);
      expect(atLimit.statusCode).toBe(400); // the schema wants an object
      expect(atLimit.json<{ detail: string }>().detail).not.toContain('levels deep');
      // Brackets inside strings are text, not nesting.
      const user = await signIn(app, 'lister');
      const normal = await app.inject({
        method: 'POST',
        url: '/api/lists/',
        headers: user,
        payload: { name: `[[[${'['.repeat(40)} "{ \\" [` },
      });
      expect(normal.statusCode).toBe(201);
    });

    it('counts depth and finds NULs without recursion', () => {
      expect(jsonDepth('{"a":[1,{"b":"[[[["}]}', 10)).toBe(3);
      expect(jsonDepth('"\\"[["', 10)).toBe(0);
      expect(jsonDepth('['.repeat(1_000_000), 5)).toBe(6);
      let deep: unknown = 'a\0b';
      for (let i = 0; i < 100_000; i++) deep = [deep];
      expect(nulPath(deep)).toBe(`body${'.0'.repeat(100_000)}`);
    });
  });

  describe('timeouts', () => {
    it('cuts off a half-sent body once the client goes quiet (HTTP_IDLE_TIMEOUT_MS)', async () => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        'POST /api/feedback HTTP/1.1\r\nHost: atlas.test\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"message":"',
      );
      await new Promise((resolve) => socket.once('close', resolve));
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(5_000);
    });

    it('cuts off a body trickled slowly past HTTP_REQUEST_TIMEOUT_MS', async () => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.write(
        'POST /api/feedback HTTP/1.1\r\nHost: atlas.test\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100000\r\n\r\n{"message":"',
      );
      // One byte every 100 ms: never idle for long, never done.
      const trickle = setInterval(() => socket.write('a'), 100);
      await new Promise((resolve) => socket.once('close', resolve));
      clearInterval(trickle);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(850);
      expect(took).toBeLessThan(5_000);
      expect(Buffer.concat(chunks).toString()).toMatch(/^HTTP\/1\.1 408/);
    });

    it('cuts off headers sent too slowly (HTTP_HEADERS_TIMEOUT_MS)', async () => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write('GET /api/health HTTP/1.1\r\nHost: atlas.test\r\n');
      const trickle = setInterval(() => socket.write('X-A: b\r\n'), 50);
      await new Promise((resolve) => socket.once('close', resolve));
      clearInterval(trickle);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(5_000);
    });

    it('closes an idle keep-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      let answeredAt = 0;
      socket.on('data', () => {
        answeredAt ||= Date.now();
      });
      socket.write('GET /api/health HTTP/1.1\r\nHost: atlas.test\r\n\r\n');
      await new Promise((resolve) => socket.once('close', resolve));
      expect(answeredAt).toBeGreaterThan(0);
      const idle = Date.now() - answeredAt;
      expect(idle).toBeGreaterThanOrEqual(250);
      expect(idle).toBeLessThan(5_000);
    });

    it('refuses a headers timeout longer than the request timeout', () => {
      expect(() =>
        loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
      ).toThrow(ConfigError);
      const defaults = loadConfig({}).http;
      expect(defaults).toMatchObject({
        requestTimeoutMs: 300_000,
        headersTimeoutMs: 20_000,
        idleTimeoutMs: 30_000,
        keepAliveTimeoutMs: 72_000,
      });
    });
  });

  describe('Cache-Control: no-store on answers that depend on the user', () => {
    let ada: { cookie: string };
    let buildingId: number;
    beforeAll(async () => {
      ada = await signIn(app, 'ada');
      buildingId = await insertBuilding(app.db, 'Cache House');
    });

    it.each([
      ['/api/auth/check-login'],
      ['/api/buildings/BUILDING'],
      ['/api/buildings/'],
      ['/api/images/infinite-scroll?userHandle=ada'],
      ['/api/users/ada/lists'],
      ['/api/users/ada'],
    ])('GET %s with a session', async (url) => {
      const res = await app.inject({
        method: 'GET',
        url: url.replace('BUILDING', String(buildingId)),
        headers: ada,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('on sign-in and sign-out (they set cookies) and on check-login without a session', async () => {
      const signInRes = await app.inject({ method: 'POST', url: '/api/auth/dev', payload: { handle: 'cy' } });
      expect(signInRes.statusCode).toBe(200);
      expect(signInRes.headers['cache-control']).toBe('no-store');
      const anonymousCheck = await app.inject('/api/auth/check-login');
      expect(anonymousCheck.headers['cache-control']).toBe('no-store');
      const bob = await signIn(app, 'bob');
      const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bob });
      expect(logout.headers['cache-control']).toBe('no-store');
    });

    it('not on anonymous answers, and a route that says `public` keeps it', async () => {
      const anonymous = await app.inject(`/api/buildings/${buildingId}`);
      expect(anonymous.headers['cache-control']).toBeUndefined();
      const avatar = await app.inject({ method: 'GET', url: '/api/users/ada/faceplate', headers: ada });
      expect(avatar.headers['cache-control']).toBe('public, max-age=300');
    });
  });

  it('makes its own request id when no proxy is trusted', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'mine-1' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs the signature of a signed upload URL', async () => {
    const secret = 'S3cr3tSignatureValue0123456789';
    const res = await app.inject({
      method: 'PUT',
      url: `/api/uploads/some-key.jpg?expires=99999999999&signature=${secret}`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('x'),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const logged = logLines.join('');
    expect(logged).toContain('/api/uploads/some-key.jpg?expires=99999999999&signature=[redacted]');
    expect(logged).not.toContain(secret);
  });
});

describe('pieces', () => {
  it('normalises request targets as a router would', () => {
    expect(normalisedPath('http://h:1/api/lists/?x')).toBe('/api/lists/');
    expect(normalisedPath('//api//./lists/../lists/')).toBe('/api/lists/');
    expect(normalisedPath('/%2Fapi/%6Cists')).toBe('/api/lists');
    expect(normalisedPath('/api?')).toBe('/api');
    expect(normalisedPath('/%zz')).toBe('/%zz');
  });

  it('redacts signing parameters, and only those', () => {
    expect(redactUrl('/api/uploads/a.jpg?expires=1&signature=abc')).toBe(
      '/api/uploads/a.jpg?expires=1&signature=[redacted]',
    );
    expect(redactUrl('/x?X-Amz-Signature=abc&X-Amz-Credential=k&a=b')).toBe(
      '/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&a=b',
    );
    expect(redactUrl('/api/buildings/?page=2')).toBe('/api/buildings/?page=2');
  });
});
