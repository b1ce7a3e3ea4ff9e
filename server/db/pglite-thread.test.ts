/**
 * The embedded database in a worker thread (pglite-thread-client.ts) behaves as the in-process
 * PGlite for everything the server does with it (Drizzle, transactions, errors, LISTEN, dumps),
 * and the caller's event loop keeps running while a statement runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import fs from 'node:fs/promises';
import { openDatabase, pgliteClientOf, type Database } from './client.ts';
import { selectRows } from './rows.ts';
import { users } from './schema.ts';

async function template(): Promise<Blob> {
  const file = inject('pgliteTemplateFile');
  if (!file) throw new Error('no PGlite template (server/test/global-setup.ts)');
  return new Blob([new Uint8Array(await fs.readFile(file))]);
}

/** The longest gap between ticks of a 10 ms interval while `work` runs, in ms. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}

/**
 * A statement that keeps PGlite busy for 0.8 s whatever the machine's speed (a counted series
 * finished in under half a second on a faster machine, and the test then proved nothing).
 * PGlite runs it synchronously in WebAssembly, so in this thread it would block the loop for all of it.
 */
const LONG = sql`SELECT 1 AS n FROM pg_sleep(0.8)`;

describe('PGlite in a worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ pgliteTemplate: await template(), pgliteThread: true });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the caller’s event loop running while a long statement runs', async () => {
    const started = performance.now();
    let rows: { n: number }[] = [];
    const stall = await longestStall(async () => {
      rows = await selectRows<{ n: number }>(database.db, LONG);
    });
    expect(rows[0]?.n).toBe(1);
    // The statement took far longer than any gap between the interval's ticks (in this thread
    // the gap was the statement's whole duration).
    expect(performance.now() - started).toBeGreaterThan(500);
    expect(stall).toBeLessThan(250);
  });

  it('answers Drizzle queries as the in-process PGlite does (dates as text, numbers, nulls)', async () => {
    const [created] = await database.db
      .insert(users)
      .values({ email: 'thread@example.com', handle: 'thread' })
      .returning();
    expect(created?.id).toBeTypeOf('number');
    const found = await database.db.select().from(users).where(eq(users.email, 'thread@example.com'));
    expect(found).toHaveLength(1);
    expect(found[0]?.created_at).toBeInstanceOf(Date);
    const raw = await selectRows<{ d: string; n: number; nothing: null; j: { a: number[] } }>(
      database.db,
      sql`SELECT now()::timestamptz AS d, 41 + 1 AS n, NULL AS nothing, '{"a":[1,2]}'::jsonb AS j`,
    );
    expect(typeof raw[0]?.d).toBe('string');
    expect(raw[0]).toMatchObject({ n: 42, nothing: null, j: { a: [1, 2] } });
  });

  it('throws real Errors that carry PostgreSQL’s fields across the thread', async () => {
    await database.db.insert(users).values({ handle: 'twice' });
    const failure = await database.db
      .insert(users)
      .values({ handle: 'twice' })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    // Drizzle wraps the driver's error in `cause`, as on the in-process PGlite.
    const cause = (failure as Error & { cause?: Record<string, unknown> }).cause;
    expect(cause).toBeInstanceOf(Error);
    expect(cause).toMatchObject({ code: '23505', severity: 'ERROR' });
    expect(cause?.constraint).toBe('users_handle_key');
    expect(String(cause?.detail)).toMatch(/\(handle\)=\(twice\)/);
  });

  it('keeps a transaction open across calls, commits it, and keeps other statements out until then', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'tx@example.com', handle: 'intx' });
      // A statement from elsewhere waits for the transaction: it then sees the committed row.
      outside = selectRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM users WHERE email = 'tx@example.com'`,
      ).then((r) => order.push(`outside saw ${r[0]?.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const inside = await selectRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM users WHERE email = 'tx@example.com'`,
      );
      order.push(`inside saw ${inside[0]?.n}`);
    });
    await outside;
    expect(order).toEqual(['inside saw 1', 'outside saw 1']);
  });

  it('rolls a transaction back when its callback throws, and rethrows that error', async () => {
    const boom = new Error('boom');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: 'gone@example.com', handle: 'gone' });
        throw boom;
      }),
    ).rejects.toBe(boom);
    const left = await database.db.select().from(users).where(eq(users.email, 'gone@example.com'));
    expect(left).toHaveLength(0);
    // A failed statement inside rolls back too, and the connection is usable after.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1/0`);
      }),
    ).rejects.toThrow();
    expect(await selectRows(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('delivers a commit’s notifications before the commit returns', async () => {
    const seen: string[] = [];
    const subscription = await database.listen('thread_test', {
      onNotify: (payload) => seen.push(payload),
    });
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify('thread_test', 'one')`);
        await tx.execute(sql`SELECT pg_notify('thread_test', 'two')`);
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(['one', 'two']);
      expect(subscription.synchronous).toBe(true);
    } finally {
      await subscription.close();
    }
    await database.db.execute(sql`SELECT pg_notify('thread_test', 'after')`);
    expect(seen).toEqual(['one', 'two']);
  });

  it('runs the job queue’s scripts and parameterised statements', async () => {
    const queue = database.openQueueConnection({ maxConnections: 1, log: { warn: () => undefined } });
    await queue.execute(
      'BEGIN; CREATE TABLE thread_jobs (n int); INSERT INTO thread_jobs VALUES (1), (2); COMMIT;',
    );
    const { rows } = await queue.execute('SELECT sum(n)::int AS total FROM thread_jobs WHERE n >= $1', [1]);
    expect(rows).toEqual([{ total: 3 }]);
    await expect(
      queue.execute('BEGIN; INSERT INTO thread_jobs VALUES (3); SELECT 1/0; COMMIT;'),
    ).rejects.toThrow();
    expect((await queue.execute('SELECT count(*)::int AS n FROM thread_jobs')).rows).toEqual([{ n: 2 }]);
  });

  it('dumps its data directory as a tarball another instance opens', async () => {
    const client = pgliteClientOf(database);
    if (!client) throw new Error('no PGlite');
    const dump = await client.dumpDataDir('none');
    expect(dump.size).toBeGreaterThan(1_000_000);
    const copy = await openDatabase({ pgliteTemplate: dump });
    try {
      const rows = await selectRows<{ n: number }>(
        copy.db,
        sql`SELECT count(*)::int AS n FROM users WHERE email = 'tx@example.com'`,
      );
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await copy.close();
    }
  });
});

describe('a closed PGlite thread', () => {
  it('refuses statements as a closed PGlite does', async () => {
    const database = await openDatabase({ pgliteTemplate: await template(), pgliteThread: true });
    const client = pgliteClientOf(database);
    await database.close();
    expect(client?.closed).toBe(true);
    const failure: unknown = await database.db.execute(sql`SELECT 1`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect((failure as Error | undefined)?.cause).toEqual(new Error('PGlite is closed'));
  }, 60_000);
});
