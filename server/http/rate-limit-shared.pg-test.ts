/**
 * Two API processes on one PostgreSQL database share the per-user limit (RATE_LIMIT_STORE=database).
 * A *.pg-test.ts file runs only in the api-postgres project: the embedded PGlite is one process.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { createTestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertBuilding } from '../test/targets.ts';

const env = {
  SEED: 'false',
  RATE_LIMIT: 'true',
  RATE_LIMIT_STORE: 'database',
  RATE_LIMIT_MUTATIONS_PER_MINUTE: '3',
  RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: '100',
};

/**
 * Both instances count in one stopped clock (now, when the file loads), so the four requests share
 * one window however close to the end of a minute they run; Retry-After stays a real wait.
 */
const AT = new Date();
const rateLimitClock = () => AT;

describe('rate limits across processes', () => {
  it('two app instances on one PostgreSQL database share the per-user limit', async () => {
    const a = await createTestApp(env, { rateLimitClock });
    let b: FastifyInstance | undefined;
    try {
      const database = await openDatabase({ databaseUrl: a.config.databaseUrl });
      b = await buildApp(a.config, { database, logger: false, rateLimitClock });
      const ada = await signIn(a.app, 'ada'); // a session both instances know: same database
      const buildingId = await insertBuilding(a.app.db, 'Shared House');
      const comment = (app: FastifyInstance, content: string) =>
        app.inject({
          method: 'POST',
          url: `/api/comments/building/${buildingId}`,
          headers: ada,
          payload: { content },
        });
      expect((await comment(a.app, 'a 1')).statusCode).toBe(201);
      expect((await comment(a.app, 'a 2')).statusCode).toBe(201);
      expect((await comment(b, 'b 1')).statusCode).toBe(201);
      const fourth = await comment(b, 'b 2');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json<{ detail: string }>().detail).toContain('your account');
      const retryAfter = Number(fourth.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Instance A sees the same count.
      expect((await comment(a.app, 'a 3')).statusCode).toBe(429);
    } finally {
      await b?.close();
      await a.close();
    }
  });

  it('two app instances share the per-route limits (sign-in) and the read limit', async () => {
    const a = await createTestApp(
      {
        SEED: 'false',
        RATE_LIMIT: 'true',
        RATE_LIMIT_STORE: 'database',
        AUTH_RATE_LIMIT: '3',
        RATE_LIMIT_READS_PER_IP_PER_MINUTE: '3',
      },
      { rateLimitClock },
    );
    let b: FastifyInstance | undefined;
    try {
      const database = await openDatabase({ databaseUrl: a.config.databaseUrl });
      b = await buildApp(a.config, { database, logger: false, rateLimitClock });
      const signIn = (app: FastifyInstance, handle: string) =>
        app.inject({ method: 'POST', url: '/api/auth/dev', payload: { handle } });
      // Per-process counting (the old @fastify/rate-limit in memory) would allow 3 on each.
      expect((await signIn(a.app, 'a1')).statusCode).toBe(200);
      expect((await signIn(b, 'b1')).statusCode).toBe(200);
      expect((await signIn(a.app, 'a2')).statusCode).toBe(200);
      const fourth = await signIn(b, 'b2');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await signIn(a.app, 'a3')).statusCode).toBe(429);

      const list = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/buildings/' });
      expect((await list(a.app)).statusCode).toBe(200);
      expect((await list(b)).statusCode).toBe(200);
      expect((await list(a.app)).statusCode).toBe(200);
      expect((await list(b)).statusCode).toBe(429);
    } finally {
      await b?.close();
      await a.close();
    }
  });
});
