import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
});
afterAll(async () => t?.close());

describe('health checks', () => {
  it('answers liveness and readiness while the database answers', async () => {
    for (const url of ['/api/health', '/api/health/ready', '/api/health/live']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok' });
    }
  });

  it('is not ready, but still live, when the database fails', async () => {
    const failing = vi.spyOn(t.app.db, 'execute').mockImplementation(() => {
      throw new Error('connection refused');
    });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ready.json()).toMatchObject({ status: 503, detail: 'The database is unreachable.' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      failing.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
