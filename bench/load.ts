/**
 * `npm run bench:load`: a mixed workload at a fixed request rate against 2 API processes on
 * PostgreSQL. A fresh database is made from BENCH_DATABASE_URL and
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
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { loadBuildings } from './generate.ts';
import { createPostgresDatabase } from '../server/test/databases.ts';
import { freePort, stopChild } from '../server/test/processes.ts';
import { agent, CONNECTIONS, loadAverage, loadSettings, RECOUNT_SQL, runMixedLoad } from './workload.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOAD = loadSettings({ buildings: 100_000, rate: 200, seconds: 60, users: 50 });
const PROCESSES = 2;

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
      await loadBuildings(database.db, LOAD.buildings);
    } finally {
      await database.close();
    }
    const loadSeconds = Number(((performance.now() - loadStart) / 1000).toFixed(1));
    console.error(`loaded ${LOAD.buildings} buildings in ${loadSeconds} s`);

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
    const loadBefore = loadAverage();
    console.error(
      `load average ${loadBefore}; ${LOAD.rate} req/s for ${LOAD.seconds} s over ${PROCESSES} processes`,
    );
    const { results, maxInFlight, sentSeconds, elapsed, summary } = await runMixedLoad(
      servers.map((server) => server.baseURL),
      ids,
      LOAD,
      'load_user',
    );
    const loadAfter = loadAverage();

    const mismatched = await check.query(RECOUNT_SQL);
    const counts = await check.query<{ votes: number; comments: number }>(
      `SELECT (SELECT count(*)::int FROM votes WHERE votable_type = 'building') AS votes,
              (SELECT count(*)::int FROM comments) AS comments`,
    );

    const { categories, kinds, overall } = summary;
    const report = {
      date: new Date().toISOString(),
      engine: 'postgres',
      postgres: (await check.query<{ server_version: string }>('SHOW server_version')).rows[0]
        ?.server_version,
      node: process.version,
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      buildings: LOAD.buildings,
      loadSeconds,
      processes: PROCESSES,
      connectionsPerProcess: CONNECTIONS,
      users: LOAD.users,
      targetRate: LOAD.rate,
      seconds: LOAD.seconds,
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
      `throughput ${report.throughput} req/s (target ${LOAD.rate}), errors ${overall.errors}/${overall.requests}, ` +
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
