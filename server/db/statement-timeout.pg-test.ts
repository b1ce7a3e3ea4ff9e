/**
 * An expensive statement cannot hold the database for long. With
 * DB_STATEMENT_TIMEOUT_MS, PostgreSQL cancels a statement of the app's pool that runs longer, and
 * the API answers 503 problem JSON without a word of SQL. Migrations and the job queue have
 * connections of their own, without the limit. (*.pg-test.ts: PostgreSQL only; PGlite cannot cancel.)
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '#domain/problem';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { selectRows } from './rows.ts';
import { isStatementCancelled } from './unavailable.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '300' });
});

afterAll(async () => {
  await t?.close();
});

describe('DB_STATEMENT_TIMEOUT_MS on PostgreSQL', () => {
  it("limits the app's own statements", async () => {
    const started = Date.now();
    const err: unknown = await t.app.db.execute(sql`SELECT pg_sleep(5)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStatementCancelled(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('answers a request whose statement runs too long with a 503 problem, then serves again', async () => {
    // Another session holds the buildings table, as a long write or a heavy query would: the
    // card list's statement waits, and is cancelled at the limit.
    const blocker = new pg.Client({ connectionString: t.config.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE buildings IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/buildings/?archStyles=1,2,3' });
      expect(Date.now() - started).toBeLessThan(4000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['retry-after']).toBeDefined();
      const problem = problemSchema.parse(res.json());
      expect(problem.detail).toBe('This request took too long to answer. Please try again shortly.');
      expect(res.body).not.toMatch(/select|buildings|statement|cancel/i);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/buildings/' });
    expect(after.statusCode).toBe(200);
  });

  it('sets the limit on every pooled connection, and migrations still run', async () => {
    // Migrations run on a connection of their own, without the limit (a no-op here: all applied).
    await t.app.database.migrate();
    const [row] = await selectRows<{ statement_timeout: string }>(t.app.db, sql`SHOW statement_timeout`);
    expect(row!.statement_timeout).toBe('300ms');
  });
});
