/**
 * The database counter store (RATE_LIMIT_STORE=database) on PGlite and PostgreSQL. Two app
 * instances sharing one PostgreSQL database: rate-limit-shared.pg-test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { selectRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertBuilding } from '../test/targets.ts';
import { DatabaseCounterStore } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
});
afterAll(async () => t?.close());

const rows = async (key: string) => {
  const result = await selectRows<{ count: number; window_start: Date | string }>(
    t.app.db,
    sql`SELECT count, window_start FROM rate_limit_windows WHERE key = ${key} ORDER BY window_start`,
  );
  return result.map((r) => ({
    count: Number(r.count),
    windowStart: new Date(r.window_start).getTime(),
  }));
};

/** A window `minutesAgo` before the minute of `at` (default: the database's clock). */
const insertWindow = (key: string, minutesAgo: number, count: number, at?: Date) =>
  t.app.db.execute(sql`INSERT INTO rate_limit_windows (key, window_start, count)
    VALUES (${key}, date_trunc('minute', ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`})
      - make_interval(mins => ${minutesAgo}::integer), ${count})`);

/** A fixed time in the middle of a minute: hits counted at it never straddle a minute's end. */
const AT = new Date('2024-06-01T12:00:30.000Z');
const atStore = () => new DatabaseCounterStore(t.app.db, { databaseClock: () => AT });

describe('the database counter store', () => {
  it('counts hits by key in the current minute and says when the window ends', async () => {
    const store = atStore();
    const first = await store.hit('count:a');
    expect(first.count).toBe(1);
    expect((await store.hit('count:a')).count).toBe(2);
    expect((await store.hit('count:b')).count).toBe(1);
    const third = await store.hit('count:a');
    expect(third.count).toBe(3);
    // The window is the whole minute of the clock's time.
    expect(third.resetAt % 60_000).toBe(0);
    expect(third.resetAt).toBe(Date.parse('2024-06-01T12:01:00.000Z'));
    const [row] = await rows('count:a');
    expect(row).toEqual({ count: 3, windowStart: third.resetAt - 60_000 });
  });

  it("counts in the database's clock by default: the window ends within the next minute", async () => {
    const hit = await new DatabaseCounterStore(t.app.db).hit('count:db-clock');
    expect(hit.count).toBe(1);
    expect(hit.resetAt % 60_000).toBe(0);
    expect(hit.resetAt).toBeGreaterThan(Date.now() - 5_000);
    expect(hit.resetAt).toBeLessThanOrEqual(Date.now() + 65_000);
    const [row] = await rows('count:db-clock');
    expect(row).toEqual({ count: 1, windowStart: hit.resetAt - 60_000 });
  });

  it('takes a hit back, never below zero, without making a row', async () => {
    const store = atStore();
    await store.hit('undo:a');
    await store.hit('undo:a');
    await store.undo('undo:a');
    expect((await rows('undo:a'))[0]?.count).toBe(1);
    await store.undo('undo:a');
    await store.undo('undo:a');
    expect((await rows('undo:a'))[0]?.count).toBe(0);
    await store.undo('undo:none');
    expect(await rows('undo:none')).toEqual([]);
    expect((await store.hit('undo:a')).count).toBe(1);
  });

  it('starts a new window each minute: an earlier window does not count', async () => {
    const store = atStore();
    await insertWindow('reset:a', 1, 500, AT);
    const hit = await store.hit('reset:a');
    expect(hit.count).toBe(1);
    const windows = await rows('reset:a');
    expect(windows.map((w) => w.count)).toEqual([500, 1]);
    expect(windows[1]!.windowStart - windows[0]!.windowStart).toBe(60_000);
  });

  it('deletes windows older than two minutes, at most once a minute per store', async () => {
    let now = 1_000_000;
    const store = new DatabaseCounterStore(t.app.db, { now: () => now });
    await insertWindow('old:a', 3, 7);
    await insertWindow('old:b', 1, 7);
    await store.hit('old:c'); // the first hit cleans up
    expect(await rows('old:a')).toEqual([]);
    expect(await rows('old:b')).toHaveLength(1);
    expect(await rows('old:c')).toHaveLength(1);

    await insertWindow('old:d', 5, 7);
    now += 30_000;
    await store.hit('old:c');
    expect(await rows('old:d')).toHaveLength(1); // not yet: cleaned up less than a minute ago
    now += 30_000;
    await store.hit('old:c');
    expect(await rows('old:d')).toEqual([]);
    expect(await rows('old:b')).toHaveLength(1);
  });

  it('fails its hit when the database does (the limiter then lets the request through)', async () => {
    const broken = new DatabaseCounterStore({
      execute: () => Promise.reject(new Error('connection refused')),
    } as unknown as ConstructorParameters<typeof DatabaseCounterStore>[0]);
    await expect(broken.hit('x')).rejects.toThrow(/connection refused/);
  });
});

describe('the store configuration', () => {
  it('defaults to the database with DATABASE_URL, to memory on the embedded database', () => {
    expect(loadConfig({}).rateLimitStore).toBe('memory');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/atlas' }).rateLimitStore).toBe('database');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/atlas', RATE_LIMIT_STORE: 'memory' }).rateLimitStore,
    ).toBe('memory');
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
  });
});

describe('the database store in the app', () => {
  const env = {
    SEED: 'false',
    RATE_LIMIT: 'true',
    RATE_LIMIT_STORE: 'database',
    RATE_LIMIT_MUTATIONS_PER_MINUTE: '3',
    RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: '100',
  };

  it('lets a mutation through, with a warning, when the store fails', async () => {
    const a = await createTestApp(env);
    try {
      const ada = await signIn(a.app, 'ada');
      const buildingId = await insertBuilding(a.app.db, 'Down House');
      await a.app.db.execute(sql`ALTER TABLE rate_limit_windows RENAME TO rate_limit_windows_gone`);
      // Over the per-user limit of 3, yet all accepted: nothing could be counted.
      for (let i = 0; i < 4; i++) {
        const res = await a.app.inject({
          method: 'POST',
          url: `/api/comments/building/${buildingId}`,
          headers: ada,
          payload: { content: `accepted ${i}` },
        });
        expect(res.statusCode).toBe(201);
      }
    } finally {
      await a.close();
    }
  });
});
