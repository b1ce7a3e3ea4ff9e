/**
 * `npm run bench:load`: a mixed workload at a fixed request rate against 2 API processes on
 * PostgreSQL (issue 9, "Load and faults"). A fresh database is made from BENCH_DATABASE_URL and
 * loaded with BENCH_BUILDINGS generated buildings (bench/generate.ts); two `server/main.ts`
 * processes (WORKER=false) serve it on loopback; an open-loop paced client sends BENCH_LOAD_RATE
 * requests per second for BENCH_LOAD_SECONDS, alternating between the two processes:
 *
 * - browse (70%): GET /api/buildings/geojson with varied viewports and filters (60%), and the
 *   card page GET /api/buildings/ for a viewport (10%);
 * - open (20%): GET /api/buildings/{id} (15%), GET /api/comments/building/{id} (5%);
 * - write (10%): POST /api/votes/building with a random face on a hot set of buildings (7%, so
 *   votes on one building race each other, across both processes), POST /api/comments/building/{id} (3%),
 *   as users signed in with the dev sign-in.
 *
 * Open loop: a request is sent on schedule whether or not earlier ones have answered, and its
 * latency counts from its scheduled time, so a stalled server shows up as latency, not as a lower
 * rate. Afterwards every building's vote counters are compared with a recount of the votes table.
 * Results go to bench/results/load-postgres.json; see bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { loadBuildings, rng } from './generate.ts';
import { createPostgresDatabase } from '../server/test/databases.ts';
import { freePort, stopChild } from '../server/test/processes.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUILDINGS = Number(env.BENCH_BUILDINGS ?? 100_000);
const SECONDS = Number(env.BENCH_LOAD_SECONDS ?? 60);
const RATE = Number(env.BENCH_LOAD_RATE ?? 200);
const USERS = Number(env.BENCH_LOAD_USERS ?? 50);
/** Votes go to this many buildings, so concurrent votes on one building are common. */
const HOT_BUILDINGS = Number(env.BENCH_LOAD_HOT ?? 200);
const REQUEST_TIMEOUT_MS = 10_000;
const PROCESSES = 2;

type Category = 'browse' | 'open' | 'write';
type Kind = 'geojson' | 'cards' | 'building' | 'comments' | 'vote' | 'comment';
const CATEGORY_OF: Record<Kind, Category> = {
  geojson: 'browse',
  cards: 'browse',
  building: 'open',
  comments: 'open',
  vote: 'write',
  comment: 'write',
};

/** The cities bench/generate.ts puts 80% of the buildings around (a subset is enough here). */
const CENTERS: readonly [number, number][] = [
  [2.35, 48.86],
  [-0.13, 51.51],
  [13.4, 52.52],
  [-74.0, 40.71],
  [139.69, 35.69],
  [77.21, 28.61],
  [-43.2, -22.91],
  [151.21, -33.87],
  [28.98, 41.01],
  [-99.13, 19.43],
];

// mulberry32 (bench/generate.ts): the same request sequence every run.
const random = rng(9);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

function viewportQuery(): URLSearchParams {
  const q = new URLSearchParams();
  const size = random();
  if (size < 0.1) {
    // The world (the start view of a zoomed-out map).
  } else {
    const [lng, lat] = pick(CENTERS);
    // City 0.06° × 0.04°, district ≈ 0.5°, country ≈ 6°, moved around the center.
    const [w, h] = size < 0.5 ? [0.06, 0.04] : size < 0.8 ? [0.5, 0.35] : [6, 5];
    const cx = lng + (random() - 0.5) * 0.6;
    const cy = lat + (random() - 0.5) * 0.6;
    q.set('west', (cx - w / 2).toFixed(4));
    q.set('east', (cx + w / 2).toFixed(4));
    q.set('south', Math.max(-90, cy - h / 2).toFixed(4));
    q.set('north', Math.min(90, cy + h / 2).toFixed(4));
  }
  if (random() < 0.2) q.set('builtAfterDate', String(between(1000, 2000)));
  return q;
}

interface Session {
  cookie: string;
}

interface Planned {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  session?: Session;
}

function plan(ids: { min: number; max: number }, sessions: Session[]): Planned {
  const r = random();
  const anyBuilding = () => between(ids.min, ids.max);
  if (r < 0.6) return { kind: 'geojson', method: 'GET', path: `/api/buildings/geojson?${viewportQuery()}` };
  if (r < 0.7) {
    const q = viewportQuery();
    q.set('page', String(between(1, 5)));
    return { kind: 'cards', method: 'GET', path: `/api/buildings/?${q}` };
  }
  if (r < 0.85) return { kind: 'building', method: 'GET', path: `/api/buildings/${anyBuilding()}` };
  if (r < 0.9) return { kind: 'comments', method: 'GET', path: `/api/comments/building/${anyBuilding()}` };
  const session = pick(sessions);
  if (r < 0.97) {
    const id = ids.min + Math.floor(random() * Math.min(HOT_BUILDINGS, ids.max - ids.min + 1));
    return {
      kind: 'vote',
      method: 'POST',
      path: '/api/votes/building',
      body: { votable_type: 'building', votable_id: id, vote: pick([1, 0, -1]) },
      session,
    };
  }
  return {
    kind: 'comment',
    method: 'POST',
    path: `/api/comments/building/${anyBuilding()}`,
    body: { content: `Load test comment ${Math.floor(random() * 1e9)}` },
    session,
  };
}

interface Outcome {
  kind: Kind;
  ms: number;
  status: number;
}

/**
 * Keep-alive connections per API process, as a load balancer keeps them: requests beyond these
 * wait in the client (their latency still counts from their scheduled time).
 */
const CONNECTIONS = Number(env.BENCH_LOAD_CONNECTIONS ?? 32);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function send(baseURL: string, p: Planned, scheduledAt: number): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (p.session) headers.cookie = p.session.cookie;
  const body = p.body === undefined ? undefined : JSON.stringify(p.body);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ kind: p.kind, ms: performance.now() - scheduledAt, status });
    const req = http.request(baseURL + p.path, { method: p.method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    // Network error or no answer within REQUEST_TIMEOUT_MS of its scheduled time: status 0.
    const timer = setTimeout(
      () => req.destroy(new Error('timeout')),
      Math.max(1, REQUEST_TIMEOUT_MS - (performance.now() - scheduledAt)),
    );
    req.on('close', () => clearTimeout(timer));
    req.on('error', () => done(0));
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)]! * 10) / 10;
}

interface Summary {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function summarise(outcomes: Outcome[]): Summary {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  return {
    requests: outcomes.length,
    errors: outcomes.filter((o) => o.status === 0 || o.status >= 400).length,
    statuses,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

interface Server {
  baseURL: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** An API process as production runs it behind a balancer: WORKER=false, no seed. */
async function startServer(databaseUrl: string, dataDir: string, name: string): Promise<Server> {
  const port = await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // The dev sign-in is refused in production; everything else behaves as in production.
    NODE_ENV: 'development',
    AUTH_DEV_LOGIN: 'true',
    AUTH_RATE_LIMIT: '100000',
    // Every limit (mutations, reads, per-route) off: this measures capacity, not the limits.
    RATE_LIMIT: 'false',
    RATE_LIMIT_MUTATIONS_PER_MINUTE: '1000000',
    RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: '1000000',
    UPLOAD_SIGNING_SECRET: 'load-bench-secret-load-bench-secret-0123456789',
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'false',
    WORKER: 'false',
    LOG_LEVEL: 'warn',
  };
  const logPath = path.join(dataDir, `${name}.log`);
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: serverEnv,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, 12_000);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited before it was healthy:\n${fs.readFileSync(logPath, 'utf8')}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { baseURL, child, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} was not healthy within 120 s:\n${fs.readFileSync(logPath, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function signIn(baseURL: string, handle: string): Promise<Session> {
  const res = await fetch(`${baseURL}/api/auth/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle }),
  });
  if (res.status !== 200) throw new Error(`dev sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!)[0];
  if (!cookie) throw new Error('dev sign-in set no cookie');
  return { cookie };
}

/** Buildings whose counters differ from a recount of the votes table. */
const RECOUNT_SQL = `
  SELECT b.id, b.upvotes, b.meh_votes, b.downvotes,
         coalesce(v.up, 0) AS up, coalesce(v.meh, 0) AS meh, coalesce(v.down, 0) AS down
  FROM buildings b
  LEFT JOIN (
    SELECT votable_id,
           count(*) FILTER (WHERE vote = 1)::int AS up,
           count(*) FILTER (WHERE vote = 0)::int AS meh,
           count(*) FILTER (WHERE vote = -1)::int AS down
    FROM votes WHERE votable_type = 'building' GROUP BY votable_id
  ) v ON v.votable_id = b.id
  WHERE b.upvotes <> coalesce(v.up, 0) OR b.meh_votes <> coalesce(v.meh, 0)
     OR b.downvotes <> coalesce(v.down, 0)`;

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const fresh = await createPostgresDatabase(ADMIN_URL, { prefix: 'atlas_bench_load' });
  const databaseUrl = fresh.url;
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-bench-load-'));
  const servers: Server[] = [];
  const check = new pg.Client({ connectionString: databaseUrl });
  try {
    const loadStart = performance.now();
    const database = await openDatabase({ databaseUrl });
    try {
      await database.migrate();
      await loadBuildings(database.db, BUILDINGS);
    } finally {
      await database.close();
    }
    const loadSeconds = Number(((performance.now() - loadStart) / 1000).toFixed(1));
    console.error(`loaded ${BUILDINGS} buildings in ${loadSeconds} s`);

    await check.connect();
    const { rows } = await check.query<{ min: number; max: number }>(
      'SELECT min(id)::int AS min, max(id)::int AS max FROM buildings',
    );
    const ids = rows[0]!;

    for (let i = 0; i < PROCESSES; i++) {
      const dir = path.join(dataDir, `api${i}`);
      await fs.promises.mkdir(dir);
      servers.push(await startServer(databaseUrl, dir, `api${i}`));
    }
    const sessions: Session[] = [];
    for (let i = 0; i < USERS; i++) {
      // Signed in on one process, used on both: sessions live in the database.
      sessions.push(await signIn(servers[i % PROCESSES]!.baseURL, `load_user_${i}`));
    }

    const loadBefore = loadAverage();
    console.error(`load average ${loadBefore}; ${RATE} req/s for ${SECONDS} s over ${PROCESSES} processes`);
    const total = Math.round(RATE * SECONDS);
    const interval = 1000 / RATE;
    const outcomes: Promise<Outcome>[] = [];
    let maxInFlight = 0;
    let inFlight = 0;
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const scheduledAt = start + i * interval;
      const wait = scheduledAt - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const p = plan(ids, sessions);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      outcomes.push(
        send(servers[i % PROCESSES]!.baseURL, p, scheduledAt).finally(() => {
          inFlight--;
        }),
      );
    }
    const sentSeconds = (performance.now() - start) / 1000;
    const results = await Promise.all(outcomes);
    const elapsed = (performance.now() - start) / 1000;
    const loadAfter = loadAverage();

    const mismatched = await check.query(RECOUNT_SQL);
    const counts = await check.query<{ votes: number; comments: number }>(
      `SELECT (SELECT count(*)::int FROM votes WHERE votable_type = 'building') AS votes,
              (SELECT count(*)::int FROM comments) AS comments`,
    );

    const categories = Object.fromEntries(
      (['browse', 'open', 'write'] as const).map((c) => [
        c,
        summarise(results.filter((o) => CATEGORY_OF[o.kind] === c)),
      ]),
    );
    const kinds = Object.fromEntries(
      (Object.keys(CATEGORY_OF) as Kind[]).map((k) => [k, summarise(results.filter((o) => o.kind === k))]),
    );
    const overall = summarise(results);
    const report = {
      date: new Date().toISOString(),
      engine: 'postgres',
      postgres: (await check.query<{ server_version: string }>('SHOW server_version')).rows[0]
        ?.server_version,
      node: process.version,
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      buildings: BUILDINGS,
      loadSeconds,
      processes: PROCESSES,
      connectionsPerProcess: CONNECTIONS,
      users: USERS,
      targetRate: RATE,
      seconds: SECONDS,
      sentSeconds: Number(sentSeconds.toFixed(2)),
      elapsedSeconds: Number(elapsed.toFixed(2)),
      throughput: Number((results.length / elapsed).toFixed(1)),
      maxInFlight,
      overall,
      categories,
      kinds,
      votesAfter: counts.rows[0]?.votes,
      commentsAfter: counts.rows[0]?.comments,
      voteCountersMatchRecount: mismatched.rowCount === 0,
      mismatchedBuildings: mismatched.rows.slice(0, 20),
    };
    const out = path.join(repoRoot, 'bench/results/load-postgres.json');
    fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
    console.log(
      `throughput ${report.throughput} req/s (target ${RATE}), errors ${overall.errors}/${overall.requests}, ` +
        `p50 ${overall.p50} ms, p99 ${overall.p99} ms, max in flight ${maxInFlight}`,
    );
    for (const [c, s] of Object.entries(categories)) {
      console.log(`  ${c}: ${s.requests} requests, p50 ${s.p50} ms, p99 ${s.p99} ms, errors ${s.errors}`);
    }
    console.log(
      `vote counters ${report.voteCountersMatchRecount ? 'equal' : 'DIFFER FROM'} the recount ` +
        `(${report.votesAfter} building votes, ${mismatched.rowCount} mismatched); load average ${loadAfter}`,
    );
    console.log(`written to ${path.relative(repoRoot, out)}`);
    if (overall.errors > 0 || !report.voteCountersMatchRecount) process.exitCode = 1;
  } finally {
    await check.end().catch(() => undefined);
    agent.destroy();
    for (const s of servers) await s.stop();
    await fresh.drop();
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
