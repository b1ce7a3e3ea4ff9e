/**
 * Two API processes on one PostgreSQL database share the per-user limit (RATE_LIMIT_STORE=database).
 * A *.pg-test.ts file runs only in the api-postgres project: the embedded PGlite is one process.
 */
import { sql } from 'drizzle-orm';
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

/** Waits out the current minute's last 5 s, so the four requests share one window. */
async function awayFromMinuteEnd(app: FastifyInstance) {
  const result: unknown = await app.db.execute(
    sql`SELECT extract(epoch FROM date_trunc('minute', now()) + interval '1 minute' - now()) * 1000 AS left_ms`,
  );
  const left = Number((result as { rows: { left_ms: number | string }[] }).rows[0]!.left_ms);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('rate limits across processes', () => {
  it('two app instances on one PostgreSQL database share the per-user limit', async () => {
    const a = await createTestApp(env);
    let b: FastifyInstance | undefined;
    try {
      const database = await openDatabase({ databaseUrl: a.config.databaseUrl });
      b = await buildApp(a.config, { database, logger: false });
      const ada = await signIn(a.app, 'ada'); // a session both instances know: same database
      const buildingId = await insertBuilding(a.app.db, 'Shared House');
      await awayFromMinuteEnd(a.app);
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
});
