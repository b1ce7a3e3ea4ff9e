/**
 * Exports are limited in number and in time, so one client cannot keep the server reading rows:
 * - per address and minute (RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE, one by default): a second
 *   export within the minute, of the catalogue or of a list, is a 429 problem with Retry-After;
 * - a reader that stops reading loses its download at EXPORT_DEADLINE_MS, and its slot is free
 *   again (over a real socket: 20k buildings make a GeoJSON of ≈ 8 MB, more than the loopback's
 *   socket buffers take from a client that has stopped reading).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuildings } from '../../../bench/generate.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('exports per address and minute', () => {
  let t: TestApp;
  let listId: number;

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'true', RATE_LIMIT: 'true' });
    const ada = await signIn(t.app, 'ada');
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/lists/',
      headers: ada,
      payload: { name: 'Open list', is_public: true },
      remoteAddress: '192.0.2.50',
    });
    expect(list.statusCode).toBe(201);
    listId = list.json<{ id: number }>().id;
  });
  afterAll(async () => t?.close());

  const exportFrom = (url: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress });

  it('answers a second export within the minute with 429 and Retry-After, lists included', async () => {
    const first = await exportFrom('/api/buildings/export?format=csv', '198.51.100.20');
    expect(first.statusCode).toBe(200);
    expect(first.body.split('\r\n').length).toBeGreaterThan(2);

    const second = await exportFrom('/api/buildings/export?format=geojson', '198.51.100.20');
    expect(second.statusCode).toBe(429);
    expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(second.json()).toMatchObject({
      status: 429,
      title: 'Too Many Requests',
      detail: expect.stringContaining('one export a minute') as unknown,
    });

    // A list's export shares the address's window.
    const list = await exportFrom(`/api/lists/${listId}/export?format=csv`, '198.51.100.20');
    expect(list.statusCode).toBe(429);
    expect(list.headers['retry-after']).toBeDefined();
  });

  it('counts each address on its own', async () => {
    expect((await exportFrom(`/api/lists/${listId}/export?format=csv`, '198.51.100.21')).statusCode).toBe(
      200,
    );
    expect((await exportFrom('/api/buildings/export?format=csv', '198.51.100.22')).statusCode).toBe(200);
  });
});

describe('an export whose reader stops reading', () => {
  const BUILDINGS = 20_000;
  // Long enough for the checks made meanwhile on a busy machine, short enough for a test.
  const DEADLINE_MS = 5000;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'false', EXPORT_DEADLINE_MS: String(DEADLINE_MS) });
    await loadBuildings(t.app.db, BUILDINGS);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => t?.close());

  /** Starts a GET and resolves with the response once its headers are in, paused. */
  const open = (path: string): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> =>
    new Promise((resolve, reject) => {
      const req = http.get(`${base}${path}`, (res) => {
        res.pause();
        resolve({ req, res });
      });
      req.on('error', reject);
    });

  /** Reads a few bytes of a paused response, then leaves it paused. */
  const readAFewBytes = (res: http.IncomingMessage): Promise<number> =>
    new Promise((resolve) => {
      res.once('readable', () => {
        const chunk = res.read(16) as Buffer | null;
        resolve(chunk?.length ?? 0);
      });
    });

  it('is cut at the deadline and its slot freed for the next export', async () => {
    const started = Date.now();
    const slow = await open('/api/buildings/export?format=geojson');
    expect(slow.res.statusCode).toBe(200);
    expect(await readAFewBytes(slow.res)).toBeGreaterThan(0);
    const closed = new Promise<void>((resolve) => slow.res.once('close', resolve));
    slow.res.on('error', () => {}); // the cut shows as an aborted response

    // Within the deadline the slot is still taken: one export at a time per address.
    const meanwhile = await open('/api/buildings/export?format=csv&standingInYear=1000');
    expect(meanwhile.res.statusCode).toBe(429);
    meanwhile.res.resume();

    await sleep(started + DEADLINE_MS + 1000 - Date.now());
    // The download was cut before the client read it all…
    slow.res.resume();
    await closed;
    expect(slow.res.complete).toBe(false);
    // …and the address may export again.
    const next = await open('/api/buildings/export?format=csv&standingInYear=1000');
    expect(next.res.statusCode).toBe(200);
    next.res.resume();
    await new Promise((resolve) => next.res.once('end', resolve));
  }, 30_000);
});
