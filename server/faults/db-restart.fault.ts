/**
 * Fault: the database restarts while requests run. The app (in this process, listening on
 * loopback, with its in-process worker) uses a PostgreSQL server of its own; the test stops it
 * with `pg_ctl stop -m fast` under traffic and starts it again. While it is down every request
 * must fail fast (well under 2 s) with a 503 problem, never a 500 or a hang; afterwards the same
 * process must serve again (sessions, writes, the job queue) without a restart.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '#domain/auth';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

const FAST_MS = 2_000;

interface Outcome {
  label: string;
  status: number;
  ms: number;
  contentType: string;
  body: string;
  /** When the request was sent, and when its answer came. */
  phase: Phase;
  answeredIn: Phase;
}
type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

let server: ThrowawayPostgres;
let app: FastifyInstance;
let dataDir: string;
let base: string;
let cookie: string;
let buildingId: number;
let phase: Phase = 'up';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(label: string, url: string, init: RequestInit = {}): Promise<Outcome> {
  const started = performance.now();
  const at = phase;
  try {
    const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    return {
      label,
      status: res.status,
      ms: performance.now() - started,
      contentType: res.headers.get('content-type') ?? '',
      body,
      phase: at,
      answeredIn: phase,
    };
  } catch (err) {
    return {
      label,
      status: 0,
      ms: performance.now() - started,
      contentType: '',
      body: String(err),
      phase: at,
      answeredIn: phase,
    };
  }
}

let faceIndex = 0;
/** One round of what users do: the map, a building page, its comments, a vote, a comment. */
function round(): Promise<Outcome>[] {
  const json = { 'content-type': 'application/json', cookie };
  const face = [1, 0, -1][faceIndex++ % 3];
  return [
    call(
      'geojson',
      `/api/buildings/geojson?west=-10&south=35&east=30&north=60&builtAfterDate=${1000 + faceIndex}`,
    ),
    call('building', `/api/buildings/${buildingId}`),
    call('comments', `/api/comments/building/${buildingId}`),
    call('session', '/api/auth/check-login', { headers: { cookie } }),
    call('vote', '/api/votes/building', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ votable_type: 'building', votable_id: buildingId, vote: face }),
    }),
    call('comment', `/api/comments/building/${buildingId}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ content: `Still here ${faceIndex}` }),
    }),
  ];
}

const ok = (o: Outcome) => o.status >= 200 && o.status < 300;

function expectUnavailable(o: Outcome) {
  expect({ label: o.label, status: o.status }).toEqual({ label: o.label, status: 503 });
  expect(o.contentType).toContain('application/problem+json');
  expect(JSON.parse(o.body)).toMatchObject({ status: 503, title: 'Service Unavailable' });
  expect(o.ms).toBeLessThan(FAST_MS);
}

beforeAll(async () => {
  server = await createThrowawayPostgres();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-fault-db-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: server.url,
    // Every map request goes to the database (a cached body would answer without it).
    GEOJSON_CACHE_MB: '0',
    AUTH_DEV_LOGIN: 'true',
  });
  app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;

  const signIn = await fetch(`${base}/api/auth/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'restart_user' }),
  });
  expect(signIn.status).toBe(200);
  const token = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!token) throw new Error('no session cookie');
  cookie = token;
  const list = (await (await fetch(`${base}/api/buildings/?per_page=1`)).json()) as {
    items: { id: number }[];
  };
  buildingId = list.items[0]!.id;
}, 120_000);

afterAll(async () => {
  let closed: unknown = 'not started';
  try {
    // As main.ts, which exits after 10 s of shutting down: closing must not hang after a restart.
    const started = performance.now();
    closed = await Promise.race([
      app?.close().then(() => `closed in ${Math.round(performance.now() - started)} ms`),
      sleep(10_000).then(() => 'app.close() took more than 10 s'),
    ]);
    console.info(closed);
  } finally {
    await server?.remove();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
  expect(closed).toMatch(/^closed/);
}, 30_000);

describe('the database restarts under load', () => {
  it('answers 503 problems fast while it is down and serves again without a process restart', async () => {
    const outcomes: Outcome[] = [];
    let traffic = true;
    // Background users: rounds back to back, two at a time, through every phase.
    const users = [0, 1].map(async () => {
      while (traffic) {
        outcomes.push(...(await Promise.all(round())));
        await sleep(20);
      }
    });

    await sleep(500);
    phase = 'stopping';
    await server.stop();
    phase = 'down';

    const down = await Promise.all([...round(), call('health', '/api/health')]);
    for (const o of down) expectUnavailable(o);
    await sleep(1_000);

    phase = 'starting';
    const restartedAt = performance.now();
    await server.start();
    phase = 'back';
    let recoveredMs = NaN;
    for (let i = 0; i < 100; i++) {
      const health = await call('health', '/api/health');
      if (health.status === 200) {
        recoveredMs = performance.now() - restartedAt;
        break;
      }
      await sleep(100);
    }
    expect(recoveredMs).toBeLessThan(10_000);
    await sleep(300);
    traffic = false;
    await Promise.all(users);

    // After the restart: the same session, reads and writes, all through the same process.
    const back = await Promise.all(round());
    for (const o of back) expect({ label: o.label, status: o.status, ok: ok(o) }).toMatchObject({ ok: true });
    const login = JSON.parse(back.find((o) => o.label === 'session')!.body) as {
      user: { handle: string } | null;
    };
    expect(login.user?.handle).toBe('restart_user');

    // The job queue reconnects too: a job enqueued now is run by the in-process worker.
    const taskId = await app.queue.enqueue('ping', { message: 'after the restart' });
    let status: string | null = null;
    for (let i = 0; i < 150 && status !== 'SUCCESS'; i++) {
      status = await app.queue.status(taskId, 'ping');
      if (status !== 'SUCCESS') await sleep(100);
    }
    expect(status).toBe('SUCCESS');

    // Under traffic: nothing but successes and 503 problems, and no failure took long.
    const failures = outcomes.filter((o) => !ok(o));
    const summary = (list: Outcome[]) =>
      list.reduce<Record<string, number>>((acc, o) => {
        const key = `${o.phase} ${o.status}`;
        acc[key] = (acc[key] ?? 0) + 1;
        return acc;
      }, {});
    console.info(
      'outcomes by phase and status',
      summary(outcomes),
      `recovered in ${Math.round(recoveredMs)} ms`,
    );
    expect(outcomes.filter((o) => o.answeredIn === 'up').every(ok)).toBe(true);
    expect(failures.filter((o) => o.status !== 503).map((o) => `${o.label} ${o.status} ${o.body}`)).toEqual(
      [],
    );
    for (const o of failures) expectUnavailable(o);
    expect(outcomes.some((o) => o.phase === 'down' && o.status === 503)).toBe(true);
  }, 90_000);
});
