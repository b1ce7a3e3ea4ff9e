/**
 * `npm run bench:embedded`: the embedded default (PGlite) with a large catalogue on a small
 * machine ("a 1M-building PGlite database stays usable on a 2 GB machine").
 *
 * 1. A data directory with BENCH_BUILDINGS (1,000,000) generated buildings (bench/generate.ts) on
 *    top of the seed: made once and kept when BENCH_EMBEDDED_DATA_DIR names it (the import takes
 *    minutes), else made in a temporary directory and removed afterwards.
 * 2. The README's start command (`npm start`) on it, inside a cgroup (v1 memory controller) limited
 *    to BENCH_MEMORY_MB (2048) of memory, page cache included and no swap: the server, its
 *    npm wrapper and everything they start share that limit, as on a 2 GB machine. Without the
 *    memory controller (not root, or no cgroup v1), it runs unlimited and says so.
 * 3. Probes, one request at a time, each BENCH_PROBES (5) times on a different place so the map
 *    cache does not answer: the map at world, country and city size, the card list (first and a
 *    deep page), a building, its comments, search by two words and by a prefix.
 * 4. The mixed load of bench:load (bench/workload.ts: browse 70%, open 20%, write 10% as
 *    BENCH_LOAD_USERS signed-in users) open-loop at BENCH_LOAD_RATE (10) requests per second for
 *    BENCH_LOAD_SECONDS (60).
 * 5. After the server stopped: every building's vote counters against a recount.
 *
 * Reports time to healthy, probe medians, load percentiles and errors, the server's peak and idle
 * resident memory, the cgroup's peak (with page cache), how often it hit the limit and whether
 * anything was killed. Results: bench/results/embedded-pglite.json; see bench/README.md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { selectRows } from '../server/db/rows.ts';
import { seedDatabase } from '../server/db/seed.ts';
import { freePort, stopChild } from '../server/test/processes.ts';
import { loadBuildings, rng } from './generate.ts';
import {
  agent,
  CENTERS,
  loadAverage,
  loadSettings,
  percentile,
  RECOUNT_SQL,
  runMixedLoad,
} from './workload.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const LOAD = loadSettings({ buildings: 1_000_000, rate: 10, seconds: 60, users: 10 });
const MEMORY_MB = Number(env.BENCH_MEMORY_MB ?? 2048);
const PROBES = Number(env.BENCH_PROBES ?? 5);
const KEPT_DATA_DIR = env.BENCH_EMBEDDED_DATA_DIR;
const CGROUP_ROOT = '/sys/fs/cgroup/memory';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Buildings in the data directory (0 when it holds no database yet). */
async function buildingCount(dataDir: string): Promise<number> {
  if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) return 0;
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await selectRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM buildings`);
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

/** Migrates, seeds and loads the generated buildings, unless the directory holds them already. */
async function prepare(dataDir: string): Promise<{ seconds: number; reused: boolean; peakRssMb: number }> {
  const have = await buildingCount(dataDir);
  if (have >= LOAD.buildings) return { seconds: 0, reused: true, peakRssMb: 0 };
  if (have > 0)
    throw new Error(`${dataDir} holds ${have} buildings, fewer than ${LOAD.buildings}: remove it first`);
  const started = performance.now();
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    await loadBuildings(database.db, LOAD.buildings);
  } finally {
    await database.close();
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  return { seconds, reused: false, peakRssMb: mb(process.resourceUsage().maxRSS * 1024) };
}

interface Cgroup {
  dir: string;
  read(file: string): string;
  close(): void;
}

/** A memory cgroup limited to MEMORY_MB (RAM, and RAM + swap where the kernel counts swap). */
function memoryCgroup(): Cgroup | null {
  if (!fs.existsSync(path.join(CGROUP_ROOT, 'memory.limit_in_bytes'))) return null;
  const dir = path.join(CGROUP_ROOT, `atlas-bench-embedded-${process.pid}`);
  try {
    fs.mkdirSync(dir);
    const limit = String(MEMORY_MB * 1024 * 1024);
    fs.writeFileSync(path.join(dir, 'memory.limit_in_bytes'), limit);
    if (fs.existsSync(path.join(dir, 'memory.memsw.limit_in_bytes')))
      fs.writeFileSync(path.join(dir, 'memory.memsw.limit_in_bytes'), limit);
  } catch (err) {
    console.error(`no memory cgroup (${(err as Error).message}): the server runs without a limit`);
    try {
      fs.rmdirSync(dir);
    } catch {
      // never made
    }
    return null;
  }
  return {
    dir,
    read: (file) => fs.readFileSync(path.join(dir, file), 'utf8').trim(),
    close: () => {
      try {
        fs.rmdirSync(dir);
      } catch {
        // still has a process: left for the kernel to clean once it exits
      }
    },
  };
}

function statusMb(pid: number, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The node process running scripts/start.mjs below `root` (npm's wrapper is not the server). */
function serverPid(root: number): number | undefined {
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/(^|\/)node$/.test(argv[0] ?? '') && argv.some((a) => a.endsWith('scripts/start.mjs'))) return pid;
      const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      if (children) queue.push(...children.split(' ').map(Number));
    } catch {
      // gone
    }
  }
  return undefined;
}

/** Empties the kernel's page cache (root only); false where that is not allowed. */
function dropPageCache(): boolean {
  try {
    spawnSync('sync');
    fs.writeFileSync('/proc/sys/vm/drop_caches', '1');
    return true;
  } catch {
    console.error('could not drop the page cache (not root?): the database files may be cached already');
    return false;
  }
}

interface Started {
  child: ChildProcess;
  baseURL: string;
  healthyMs: number;
  pid: number;
  stop(): Promise<void>;
}

async function startServer(dataDir: string, cgroup: Cgroup | null): Promise<Started> {
  const port = await freePort();
  const logPath = path.join(dataDir, 'bench-server.log');
  const log = fs.openSync(logPath, 'w');
  const join = cgroup ? `echo $$ > ${path.join(cgroup.dir, 'cgroup.procs')} && ` : '';
  const started = performance.now();
  const child = spawn('sh', ['-c', `${join}exec npm start`], {
    cwd: repoRoot,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Capacity, not the limits: as bench:load (one client address, a few users writing fast).
      RATE_LIMIT: 'false',
      AUTH_RATE_LIMIT: '100000',
      RATE_LIMIT_MUTATIONS_PER_MINUTE: '1000000',
      RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', log, log],
    detached: false,
  });
  fs.closeSync(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, 20_000);
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited before it was healthy:\n${fs.readFileSync(logPath, 'utf8')}`);
    try {
      if ((await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`not healthy within 300 s:\n${fs.readFileSync(logPath, 'utf8')}`);
    }
    await sleep(100);
  }
  const healthyMs = Math.round(performance.now() - started);
  const pid = serverPid(child.pid!);
  if (!pid) throw new Error('server process not found');
  return { child, baseURL, healthyMs, pid, stop };
}

/** The cities bench/generate.ts builds around; probes move around them so no two hit one cache entry. */
const PROBE_CENTERS = CENTERS.slice(0, 8);

function box(center: [number, number], width: number, height: number, zoom: number): string {
  const [lng, lat] = center;
  return new URLSearchParams({
    west: (lng - width / 2).toFixed(4),
    east: (lng + width / 2).toFixed(4),
    south: (lat - height / 2).toFixed(4),
    north: (lat + height / 2).toFixed(4),
    zoom: String(zoom),
  }).toString();
}

/** The requests a visitor's first minutes make, each shaped so the answer is not cached. */
function probes(maxId: number): { name: string; path: (i: number) => string }[] {
  const random = rng(42);
  const near = (i: number): [number, number] => {
    const [lng, lat] = PROBE_CENTERS[i % PROBE_CENTERS.length]!;
    return [lng + (random() - 0.5) * 0.4, lat + (random() - 0.5) * 0.4];
  };
  const anyId = () => 1 + Math.floor(random() * maxId);
  return [
    { name: 'map: world', path: (i) => `/api/buildings/geojson?zoom=2&builtAfterDate=${1000 + i}` },
    { name: 'map: country (6° × 5°)', path: (i) => `/api/buildings/geojson?${box(near(i), 6, 5, 6)}` },
    {
      name: 'map: city (0.06° × 0.04°)',
      path: (i) => `/api/buildings/geojson?${box(near(i), 0.06, 0.04, 14)}`,
    },
    { name: 'cards: country, page 1', path: (i) => `/api/buildings/?${box(near(i), 6, 5, 6)}&page=1` },
    { name: 'cards: country, page 200', path: (i) => `/api/buildings/?${box(near(i), 6, 5, 6)}&page=200` },
    { name: 'building', path: () => `/api/buildings/${anyId()}` },
    { name: 'comments of a building', path: () => `/api/comments/building/${anyId()}` },
    {
      name: 'search: two words',
      path: () => `/api/search?q=${encodeURIComponent(`bench building ${anyId()}`)}`,
    },
    {
      name: 'search: a prefix',
      path: (i) => `/api/search?q=${['par', 'lon', 'ber', 'tok', 'gothic'][i % 5]!}`,
    },
  ];
}

async function runProbes(baseURL: string, maxId: number) {
  const out: { name: string; medianMs: number; maxMs: number; statuses: number[] }[] = [];
  for (const probe of probes(maxId)) {
    const ms: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < PROBES; i++) {
      const t = performance.now();
      const res = await fetch(baseURL + probe.path(i));
      await res.arrayBuffer();
      ms.push(performance.now() - t);
      statuses.push(res.status);
    }
    ms.sort((a, b) => a - b);
    out.push({ name: probe.name, medianMs: percentile(ms, 50), maxMs: percentile(ms, 100), statuses });
    console.error(
      `  ${probe.name}: median ${percentile(ms, 50)} ms, max ${percentile(ms, 100)} ms (${statuses.join(',')})`,
    );
  }
  return out;
}

async function main() {
  const dataDir = KEPT_DATA_DIR
    ? path.resolve(KEPT_DATA_DIR)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bench-embedded-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const cgroup = memoryCgroup();
  let server: Started | null = null;
  try {
    console.error(`data directory ${dataDir}; ${LOAD.buildings} buildings`);
    const prepared = await prepare(dataDir);
    console.error(
      prepared.reused
        ? 'reusing the buildings already there'
        : `imported in ${prepared.seconds} s (this process's peak RSS ${prepared.peakRssMb} MB, outside the limit)`,
    );
    const dbBytes = Number(
      spawnSync('du', ['-sb', path.join(dataDir, 'db')], { encoding: 'utf8' }).stdout.split('\t')[0],
    );
    // The build (vite, ≈ 850 MB) is not the server: made before, outside the limit.
    const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the build failed');

    // The import left the database's files in the page cache, charged to this process: dropped,
    // so that the server reads them again and its cache counts towards its own limit.
    const dropped = dropPageCache();
    const loadBefore = loadAverage();
    server = await startServer(dataDir, cgroup);
    console.error(
      `healthy after ${server.healthyMs} ms${cgroup ? `, limited to ${MEMORY_MB} MB` : ' (no memory limit)'}`,
    );
    let peakRss = 0;
    const pid = server.pid;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, statusMb(pid, 'VmRSS'))), 200);
    await sleep(4000);
    const idleRssMb = statusMb(pid, 'VmRSS');

    const ids = await (async () => {
      const res = await fetch(
        `${server.baseURL}/api/buildings/?page=1&per_page=1&sort_by=date_added&sort_order=desc`,
      );
      const body = (await res.json()) as { items?: { id: number }[] };
      return { min: 1, max: body.items?.[0]?.id ?? LOAD.buildings };
    })();
    console.error('probes (one request at a time):');
    const probeResults = await runProbes(server.baseURL, ids.max);

    console.error(`mixed load: ${LOAD.rate} requests/s for ${LOAD.seconds} s, ${LOAD.users} users`);
    const { maxInFlight, elapsed, summary } = await runMixedLoad(
      [server.baseURL],
      ids,
      LOAD,
      'embedded_user',
    );
    clearInterval(sampler);
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const memory = {
      serverIdleRssMb: idleRssMb,
      serverPeakRssMb: Math.max(peakRss, statusMb(pid, 'VmHWM')),
      limitMb: cgroup ? MEMORY_MB : null,
      cgroupPeakMb: cgroup ? mb(Number(cgroup.read('memory.max_usage_in_bytes'))) : null,
      cgroupLimitHits: cgroup ? Number(cgroup.read('memory.failcnt')) : null,
      oomKills: cgroup ? Number(/oom_kill (\d+)/.exec(cgroup.read('memory.oom_control'))?.[1] ?? 0) : null,
    };
    const loadAfter = loadAverage();
    const { healthyMs } = server;
    await server.stop();
    server = null;

    const database = await openDatabase({ dataDir });
    let mismatched: number;
    try {
      mismatched = (await selectRows(database.db, sql.raw(RECOUNT_SQL))).length;
    } finally {
      await database.close();
    }

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      buildings: LOAD.buildings,
      databaseMb: mb(dbBytes),
      import: prepared,
      healthyMs,
      memory,
      pageCacheDroppedBeforeStart: dropped,
      serverAlive: alive,
      probes: probeResults,
      load: {
        rate: LOAD.rate,
        seconds: LOAD.seconds,
        users: LOAD.users,
        maxInFlight,
        elapsedSeconds: Number(elapsed.toFixed(1)),
        ...summary,
      },
      voteCountersMatchRecount: mismatched === 0,
    };
    const out = path.join(repoRoot, 'bench/results/embedded-pglite.json');
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    const o = summary.overall;
    console.log(
      `${LOAD.buildings} buildings (${report.databaseMb} MB on disk), memory limit ${memory.limitMb ?? 'none'} MB: ` +
        `healthy in ${report.healthyMs} ms; server RSS idle ${memory.serverIdleRssMb} MB, peak ${memory.serverPeakRssMb} MB; ` +
        `cgroup peak ${memory.cgroupPeakMb ?? '-'} MB (page cache included), limit hit ${memory.cgroupLimitHits ?? '-'} times, ` +
        `OOM kills ${memory.oomKills ?? '-'}; load ${LOAD.rate}/s: ${o.requests} requests, ${o.errors} errors, ` +
        `p50 ${o.p50} ms, p90 ${o.p90} ms, p99 ${o.p99} ms; vote counters ${mismatched === 0 ? 'equal' : 'DIFFER FROM'} the recount; ` +
        `load average ${loadBefore} → ${loadAfter}`,
    );
    console.log(`written to ${path.relative(repoRoot, out)}`);
    if (o.errors > 0 || mismatched > 0 || !alive || (memory.oomKills ?? 0) > 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    if (server) await server.stop();
    cgroup?.close();
    if (!KEPT_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
