import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import Fastify from 'fastify';
import { openTestPglite } from '../test/test-app.ts';
import { createQueue, taskStatusOf, type JobHandler, type Queue, type TaskStatus } from './queue.ts';
import { z } from 'zod';
import { defineJob } from './job.ts';
import { registeredJobs, type JobMapOf } from './registry.ts';
import { registerWorkers } from './workers.ts';
import type { ObjectStorage } from '../storage/storage.ts';

/** The queue of a test app: the app's jobs and the test jobs (ping). */
type AppQueue = TestApp['app']['queue'];

/** Polls until the task reaches `expected`; fails with the last status seen after the deadline. */
async function waitForStatus(
  queue: Pick<Queue, 'status'>,
  taskId: string,
  expected: TaskStatus,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  let last: TaskStatus | null = null;
  while (Date.now() < deadline) {
    last = await queue.status(taskId);
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`task ${taskId} is ${last}, expected ${expected}`);
}

/** pg-boss's row of the task, read behind its back. */
async function jobRow(t: TestApp, taskId: string) {
  const [row] = await selectRows<{ state: string; output: Record<string, unknown> | null }>(
    t.app.db,
    sql`SELECT state, output FROM pgboss.job WHERE id = ${taskId}::uuid`,
  );
  return row;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('task status', () => {
  it("maps pg-boss's job states to the API's four", () => {
    expect(taskStatusOf('created')).toBe('PENDING');
    expect(taskStatusOf('retry')).toBe('PENDING');
    expect(taskStatusOf('active')).toBe('STARTED');
    expect(taskStatusOf('completed')).toBe('SUCCESS');
    expect(taskStatusOf('failed')).toBe('FAILURE');
    expect(taskStatusOf('cancelled')).toBe('FAILURE');
  });
});

describe('the job queue', () => {
  let t: TestApp;
  let queue: AppQueue;
  // The ping handler these tests put to work: its message says what to do.
  const attempts = new Map<string, number>();
  const gates = new Map<string, ReturnType<typeof gate>>();
  const finished = new Map<string, number>();
  const scripted: JobHandler<JobMapOf<[]>, 'ping'> = async ({ message }, job) => {
    attempts.set(job.id, (attempts.get(job.id) ?? 0) + 1);
    if (message === 'throw') throw new Error('scripted failure');
    await gates.get(message)?.opened;
    finished.set(job.id, Date.now());
    return { echo: message };
  };

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'false', WORKER: 'false' });
    queue = t.app.queue;
  });
  afterAll(async () => t?.close());

  it('keeps a task PENDING while no worker runs, then SUCCESS once a worker took it', async () => {
    const taskId = await queue.enqueue('ping', { message: 'hello' });
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queue.status(taskId)).toBe('PENDING');

    await queue.work('ping', scripted, { concurrency: 2, pollingIntervalSeconds: 0.5 });
    await waitForStatus(queue, taskId, 'SUCCESS');
    expect(attempts.get(taskId)).toBe(1);
    expect(await jobRow(t, taskId)).toMatchObject({ state: 'completed', output: { echo: 'hello' } });
  });

  it('says STARTED while the handler runs', async () => {
    gates.set('hold', gate());
    const taskId = await queue.enqueue('ping', { message: 'hold' });
    await waitForStatus(queue, taskId, 'STARTED');
    gates.get('hold')?.open();
    await waitForStatus(queue, taskId, 'SUCCESS');
  });

  it('ends FAILURE when the handler throws on every attempt', async () => {
    const taskId = await queue.enqueue('ping', { message: 'throw' }, { retryLimit: 1, retryDelay: 0 });
    await waitForStatus(queue, taskId, 'FAILURE');
    expect(attempts.get(taskId)).toBe(2);
    expect(await jobRow(t, taskId)).toMatchObject({
      state: 'failed',
      output: { message: 'scripted failure' },
    });
  });

  it('answers null for an id that is no task', async () => {
    expect(await queue.status(crypto.randomUUID())).toBeNull();
    expect(await queue.status(crypto.randomUUID(), 'ping')).toBeNull();
    expect(await queue.status('not-a-task')).toBeNull();
    expect(await queue.status("1' OR '1'='1")).toBeNull();
  });

  it('refuses a payload that does not match the job', async () => {
    // @ts-expect-error the ping payload has a string message
    await expect(queue.enqueue('ping', { message: 42 })).rejects.toThrow();
    // @ts-expect-error only registered jobs can be enqueued
    await expect(queue.enqueue('no-such-job', {})).rejects.toThrow(/Unknown job/);
  });

  it('enqueues a batch in one insert: ids in order, each task its own priority and result', async () => {
    const taskIds = await queue.enqueueAll('ping', [
      { payload: { message: 'first' }, options: { priority: 0 } },
      { payload: { message: 'second' }, options: { priority: -1 } },
      { payload: { message: 'third' }, options: { priority: -2 } },
    ]);
    expect(new Set(taskIds).size).toBe(3);
    const rows = await selectRows<{ id: string; priority: number; data: { message: string } }>(
      t.app.db,
      sql`SELECT id::text AS id, priority, data FROM pgboss.job WHERE id::text IN ${taskIds}`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(taskIds.map((id) => byId.get(id)?.data.message)).toEqual(['first', 'second', 'third']);
    expect(taskIds.map((id) => byId.get(id)?.priority)).toEqual([0, -1, -2]);
    for (const [i, taskId] of taskIds.entries()) {
      await waitForStatus(queue, taskId, 'SUCCESS');
      expect(await jobRow(t, taskId)).toMatchObject({ output: { echo: ['first', 'second', 'third'][i] } });
    }
    expect(await queue.enqueueAll('ping', [])).toEqual([]);
  });

  it('refuses the whole batch when one payload does not match the job', async () => {
    const before = await selectRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM pgboss.job`);
    await expect(
      // @ts-expect-error the ping payload has a string message
      queue.enqueueAll('ping', [{ payload: { message: 'fine' } }, { payload: { message: 42 } }]),
    ).rejects.toThrow();
    const after = await selectRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM pgboss.job`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  // Last: it stops the queue.
  it('stop() waits for the running job and keeps its result', async () => {
    gates.set('slow', gate());
    const taskId = await queue.enqueue('ping', { message: 'slow' });
    await waitForStatus(queue, taskId, 'STARTED');

    let stoppedAt: number | undefined;
    const stopping = queue.stop({ timeoutMs: 10_000 }).then(() => (stoppedAt = Date.now()));
    // Still running: stop() must not have returned.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stoppedAt).toBeUndefined();

    gates.get('slow')?.open();
    await stopping;
    expect(finished.get(taskId)).toBeLessThanOrEqual(stoppedAt!);
    expect(await jobRow(t, taskId)).toMatchObject({ state: 'completed', output: { echo: 'slow' } });
    await expect(queue.enqueue('ping', { message: 'late' })).rejects.toThrow(/stopped/);
  });
});

/** A job of a module, as the processes that run workers pass them to createQueue. */
const echoJob = defineJob({
  name: 'echo',
  payload: z.object({ text: z.string() }),
  handler: async ({ text }) => ({ text }),
});

describe('the jobs a queue registers', () => {
  it('are the ones it is given: the queue knows no module of its own', async () => {
    const database = await openTestPglite();
    const log = Fastify({ logger: false }).log;
    const queue = createQueue(database, { workerConcurrency: 1, nodeEnv: 'test' }, { log, jobs: [echoJob] });
    try {
      await queue.start();
      await queue.work('echo', async ({ text }) => ({ text }), { concurrency: 1 });
      const taskId = await queue.enqueue('echo', { text: 'given' });
      await waitForStatus(queue, taskId, 'SUCCESS');
    } finally {
      await queue.stop();
      await database.close();
    }
  });

  it('refuses two jobs of one name', () => {
    expect(() => registeredJobs([echoJob, echoJob], { testJobs: false })).toThrow(/echo is defined twice/);
    expect(() => registeredJobs([{ ...echoJob, name: 'ping' }], { testJobs: true })).toThrow(
      /ping is defined twice/,
    );
  });
});

describe('the diagnostic ping job', () => {
  it('is not registered outside NODE_ENV=test: no queue, no worker (registerWorkers takes jobNames), no enqueue', async () => {
    const database = await openTestPglite();
    const log = Fastify({ logger: false }).log;
    const jobs = [echoJob] as const;
    const queue = createQueue(database, { workerConcurrency: 1, nodeEnv: 'production' }, { log, jobs });
    try {
      expect(queue.jobNames).toEqual(['echo']);
      expect(
        createQueue(database, { workerConcurrency: 1, nodeEnv: 'test' }, { log, jobs }).jobNames,
      ).toEqual(['echo', 'ping']);
      await queue.start();
      await expect(queue.enqueue('ping', { message: 'hello' })).rejects.toThrow(/Unknown job ping/);
      await expect(queue.work('ping', async () => null, { concurrency: 1 })).rejects.toThrow(
        /Unknown job ping/,
      );
      expect(await queue.status(crypto.randomUUID(), 'ping')).toBeNull();
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});

describe('workers in the server process (WORKER on, the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED: 'false' });
  });
  afterAll(async () => t?.close());

  it('run the registered ping job, which keeps its payload as output', async () => {
    const taskId = await t.app.queue.enqueue('ping', { message: 'from a route' });
    await waitForStatus(t.app.queue, taskId, 'SUCCESS');
    expect(await jobRow(t, taskId)).toMatchObject({
      state: 'completed',
      output: { message: 'from a route' },
    });
  });
});

describe('a worker with a backlog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED: 'false', WORKER: 'false' });
  });
  afterAll(async () => t?.close());

  it('takes the next job as soon as one ends, not at its next poll', async () => {
    // Enqueued before any worker exists, so no enqueue wakes it: only its first fetch at start
    // and what it does after each job can find them. pg-boss 10 alone would wait out the polling
    // interval (here 60 s) after each job, so the third would end after two minutes.
    const taskIds = [];
    for (const message of ['one', 'two', 'three'])
      taskIds.push(await t.app.queue.enqueue('ping', { message }));
    const order: string[] = [];
    await t.app.queue.work(
      'ping',
      async ({ message }) => {
        order.push(message);
        return { message };
      },
      { concurrency: 1, pollingIntervalSeconds: 60 },
    );
    for (const taskId of taskIds) await waitForStatus(t.app.queue, taskId, 'SUCCESS', 15_000);
    // All three, one at a time. Not in enqueue order: pg-boss fetches by created_on, then by the
    // job's random uuid, and two enqueues can share a created_on (clean-clone CI saw one, three, two).
    expect(order.toSorted()).toEqual(['one', 'three', 'two']);
  });
});

describe('an enqueue with idle workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED: 'false', WORKER: 'false' });
  });
  afterAll(async () => t?.close());

  it('wakes one idle worker per job, in turn, so two jobs enqueued at once start at once', async () => {
    const held = new Map([
      ['first', gate()],
      ['second', gate()],
    ]);
    // Polling every 60 s: only the wake-up of an enqueue can start the jobs within the test.
    await t.app.queue.work(
      'ping',
      async ({ message }) => {
        await held.get(message)?.opened;
        return { message };
      },
      { concurrency: 2, pollingIntervalSeconds: 60 },
    );
    // Both workers made their first (empty) fetch and sleep.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const first = await t.app.queue.enqueue('ping', { message: 'first' });
    const second = await t.app.queue.enqueue('ping', { message: 'second' });
    // Had both wake-ups gone to the worker holding the first job, the second would wait for it.
    await waitForStatus(t.app.queue, first, 'STARTED', 15_000);
    await waitForStatus(t.app.queue, second, 'STARTED', 15_000);
    for (const g of held.values()) g.open();
    await waitForStatus(t.app.queue, first, 'SUCCESS', 15_000);
    await waitForStatus(t.app.queue, second, 'SUCCESS', 15_000);
  });
});

describe("a job's own worker settings", () => {
  it('are what registerWorkers uses: one worker runs the jobs one at a time', async () => {
    const database = await openTestPglite();
    const log = Fastify({ logger: false }).log;
    const held = gate();
    const started: string[] = [];
    const serialJob = defineJob({
      name: 'serial',
      payload: z.object({ text: z.string() }),
      workers: { concurrency: 1, pollingIntervalSeconds: 60 },
      handler: async ({ text }) => {
        started.push(text);
        if (text === 'a' || text === 'b') await held.opened;
        return { text };
      },
    });
    const queue = createQueue(
      database,
      { workerConcurrency: 2, nodeEnv: 'test' },
      { log, jobs: [serialJob] },
    );
    try {
      await queue.start();
      // WORKER_CONCURRENCY would be 2; the job asks for 1.
      const storage = {} as ObjectStorage; // never used by this handler
      await registerWorkers(queue, { db: database.db, log, storage }, 2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const a = await queue.enqueue('serial', { text: 'a' });
      const b = await queue.enqueue('serial', { text: 'b' });
      await waitForStatus(queue, a, 'STARTED', 15_000);
      // Two workers would have taken b as well by now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await queue.status(b)).toBe('PENDING');
      expect(started).toEqual(['a']);
      held.open();
      await waitForStatus(queue, b, 'SUCCESS', 15_000);
      expect(started).toEqual(['a', 'b']);
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});
