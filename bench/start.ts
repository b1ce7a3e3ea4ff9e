/**
 * `npm run bench:start`: how fast the README's start command answers /api/health, and how much
 * memory the server holds, on PGlite (the default) and on PostgreSQL (BENCH_DATABASE_URL).
 *
 * For each engine, a fresh data directory (and a fresh PostgreSQL database) is made; the command
 * is started once on it (first start: initdb, migrations, seed) and then BENCH_RUNS more times on
 * the existing data. Each time it measures: milliseconds from spawn to the first 200 from
 * /api/health, the server process's peak resident memory (VmHWM) and its resident memory once
 * idle (VmRSS, median of five samples a second apart, taken after BENCH_IDLE_WAIT_MS). The table
 * goes to stdout, bench/results/start.json and bench/README.md (between the start-bench markers).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { median } from './stats.ts';

const env = process.env;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const POSTGRES_URL = env.BENCH_DATABASE_URL;
const RUNS = Number(env.BENCH_RUNS ?? 3);
const IDLE_WAIT_MS = Number(env.BENCH_IDLE_WAIT_MS ?? 4000);
const COMMAND = env.BENCH_START_COMMAND ?? 'npm start';
const ENGINES = (env.BENCH_ENGINES ?? (POSTGRES_URL ? 'pglite,postgres' : 'pglite')).split(',') as Engine[];
/** Which process of the command's tree is the server (the npm wrapper is not). */
const SERVER_PROCESS = /scripts\/start\.mjs|server\/main\.(ts|js)|dist\/server\/main/;

type Engine = 'pglite' | 'postgres';

interface Run {
  kind: 'first' | 'restart';
  healthyMs: number;
  /** CPU time the server process (and children it waited for) had used when healthy. */
  cpuMs: number;
  peakRssMb: number;
  /** Largest resident set of any one process of the command (the initdb child included), sampled every ≈ 10 ms while starting. */
  peakProcessRssMb: number;
  /** Largest resident set of the whole command (npm, server, initdb child) together, sampled likewise. */
  peakTreeRssMb: number;
  idleRssMb: number;
  /** Resident memory of every process the command started (npm's wrapper included). */
  treeIdleRssMb: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function statusField(pid: number, field: string): number | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Every process below `root` (children, grandchildren, …), read from /proc. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length) {
    const next: number[] = [];
    for (const [pid, ppid] of parentOf) if (frontier.includes(ppid)) next.push(pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** utime + stime + cutime + cstime of a process, in ms (/proc/<pid>/stat counts clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14–17 of stat(5); `fields` starts at field 3.
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function serverPid(child: ChildProcess): number | undefined {
  // `sh -c` and npm name the script too; the server is the biggest of the matching processes.
  const pids = [child.pid!, ...descendants(child.pid!)].filter((pid) => SERVER_PROCESS.test(cmdline(pid)));
  return pids.sort((a, b) => (statusField(b, 'VmRSS') ?? 0) - (statusField(a, 'VmRSS') ?? 0))[0];
}

/** The largest resident set of one process of the tree, and of the whole tree, seen while starting. */
const sampled = { processMb: 0, treeMb: 0 };

function sampleTree(child: ChildProcess): void {
  let tree = 0;
  for (const pid of [child.pid!, ...descendants(child.pid!)]) {
    const rss = statusField(pid, 'VmRSS') ?? 0;
    tree += rss;
    // npm's wrapper is not the server; the initdb child of a first start is counted.
    if (!/npm/.test(cmdline(pid))) sampled.processMb = Math.max(sampled.processMb, rss);
  }
  sampled.treeMb = Math.max(sampled.treeMb, tree);
}

async function waitHealthy(port: number, child: ChildProcess, started: number): Promise<number> {
  sampled.processMb = 0;
  sampled.treeMb = 0;
  for (;;) {
    sampleTree(child);
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 300_000) throw new Error('not healthy after 300 s');
    await sleep(10);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

async function startOnce(kind: Run['kind'], extraEnv: Record<string, string>, log: string): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(COMMAND, {
    cwd: repoRoot,
    shell: true,
    detached: true,
    env: { ...env, ...extraEnv, PORT: String(port), LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', fs.openSync(log, 'a'), fs.openSync(log, 'a')],
  });
  try {
    const healthyMs = await waitHealthy(port, child, started);
    const pid = serverPid(child);
    if (!pid) throw new Error(`no server process matching ${SERVER_PROCESS} under ${COMMAND}`);
    const cpuMs = cpuMsOf(pid);
    sampleTree(child);
    await sleep(IDLE_WAIT_MS);
    const samples: number[] = [];
    const treeSamples: number[] = [];
    for (let i = 0; i < 5; i++) {
      samples.push(statusField(pid, 'VmRSS') ?? NaN);
      const tree = [child.pid!, ...descendants(child.pid!)];
      treeSamples.push(tree.reduce((sum, p) => sum + (statusField(p, 'VmRSS') ?? 0), 0));
      await sleep(1000);
    }
    return {
      kind,
      healthyMs,
      cpuMs,
      peakRssMb: statusField(pid, 'VmHWM') ?? NaN,
      peakProcessRssMb: sampled.processMb,
      peakTreeRssMb: sampled.treeMb,
      idleRssMb: median(samples),
      treeIdleRssMb: median(treeSamples),
    };
  } finally {
    await stop(child);
  }
}

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!POSTGRES_URL) throw new Error('postgres needs BENCH_DATABASE_URL');
  const name = `atlas_bench_start_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function benchEngine(engine: Engine): Promise<Run[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bench-start-'));
  const log = path.join(dataDir, 'server.log');
  const pgdb = engine === 'postgres' ? await freshPostgres() : undefined;
  const extraEnv: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? '' };
  const runs: Run[] = [];
  try {
    runs.push(await startOnce('first', extraEnv, log));
    console.error(`${engine} first start: ${JSON.stringify(runs.at(-1))}`);
    for (let i = 0; i < RUNS; i++) {
      runs.push(await startOnce('restart', extraEnv, log));
      console.error(`${engine} restart ${i + 1}: ${JSON.stringify(runs.at(-1))}`);
    }
  } catch (err) {
    console.error(`server log (${log}):\n${fs.readFileSync(log, 'utf8').slice(-4000)}`);
    throw err;
  } finally {
    await pgdb?.drop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  return runs;
}

// A stale build would be timed with the first start: build first.
if (COMMAND === 'npm start') {
  const { status } = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error('the build failed');
}

const loadBefore = os.loadavg();
const results: Record<string, Run[]> = {};
for (const engine of ENGINES) results[engine] = await benchEngine(engine);
const loadAfter = os.loadavg();

const fmt = (n: number) => n.toFixed(0);
const lines = [
  `| engine | first start: healthy ms (server CPU ms) | first start: peak RSS MB of the server / of any one process (initdb child) / of the whole command | restart: healthy ms (each run) | restart: server CPU ms until healthy | restart: idle RSS MB | restart: peak RSS MB | restart: idle RSS of the whole command (npm included) MB |`,
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const [engine, runs] of Object.entries(results)) {
  const first = runs.find((r) => r.kind === 'first')!;
  const restarts = runs.filter((r) => r.kind === 'restart');
  const m = (f: (r: Run) => number) => fmt(median(restarts.map(f)));
  lines.push(
    `| ${engine === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'} | ${fmt(first.healthyMs)} (${fmt(first.cpuMs)}) | ${fmt(first.peakRssMb)} / ${fmt(Math.max(first.peakRssMb, first.peakProcessRssMb))} / ${fmt(first.peakTreeRssMb)} | ${m((r) => r.healthyMs)} (${restarts.map((r) => fmt(r.healthyMs)).join(', ')}) | ${m((r) => r.cpuMs)} | ${m((r) => r.idleRssMb)} | ${m((r) => r.peakRssMb)} | ${m((r) => r.treeIdleRssMb)} |`,
  );
}
const loadText = `load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after`;
const header = `Medians of ${RUNS} restarts. Command \`${COMMAND}\`, Node ${process.version}, ${os.cpus().length} cores, ${loadText}, ${new Date().toISOString().slice(0, 10)}.`;
const table = `${header}\n\n${lines.join('\n')}\n`;
console.log(table);

fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(repoRoot, 'bench/results/start.json'),
  `${JSON.stringify({ command: COMMAND, node: process.version, loadBefore, loadAfter, results }, null, 2)}\n`,
);
if (env.BENCH_WRITE_README !== 'false' && COMMAND === 'npm start') {
  const readme = path.join(repoRoot, 'bench/README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const begin = '<!-- bench:start:begin -->';
  const end = '<!-- bench:start:end -->';
  const i = text.indexOf(begin);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) {
    fs.writeFileSync(readme, `${text.slice(0, i + begin.length)}\n${table}${text.slice(j)}`);
    console.error('bench/README.md updated');
  }
}
