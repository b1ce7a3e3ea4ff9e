/**
 * The parts of `npm run bench:lighthouse` both of its modes share: a production build of a
 * checkout, its real server on a free port, and one Lighthouse run with its longest task.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromiumPath } from '../e2e/chromium-path.ts';
import { freePort, stopChild } from '../server/test/processes.ts';
import { longestTask, type LongestTask, type TraceEvent } from './lighthouse-trace.ts';

export const run = promisify(execFile);
export const PRESETS = ['mobile', 'desktop'] as const;
export type Preset = (typeof PRESETS)[number];
export const CHROME_FLAGS = '--headless=new --no-sandbox --disable-background-networking';

export interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The longest main-thread task after the first paint, as observed in the run's trace. */
  longestTask: LongestTask | null;
  /** Lighthouse's own longest task (`long-tasks` audit; simulated on mobile) and its script. */
  longTaskAudit: { ms: number; script: string } | null;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: Record<string, number | string | undefined>[] } }
  >;
}

export function lighthouseBin(repoRoot: string): string {
  const bin = path.join(repoRoot, 'node_modules', '.bin', 'lighthouse');
  if (!fs.existsSync(bin)) {
    console.error(
      'bench:lighthouse needs the lighthouse package: npm install --save-dev lighthouse (Lighthouse 12 ' +
        'runs on Node 20 with Debian Chromium; docs/decisions/2026-11-23-fast-first-visit.md).',
    );
    process.exit(1);
  }
  return bin;
}

/**
 * The checkout's web app built for production (and its basemap, when it has a generator and the
 * archive is missing): dist/web may hold another build (a development React build made under
 * NODE_ENV=test measured two to three times the blocking time).
 */
export async function buildApp(root: string): Promise<void> {
  const buildEnv = { ...process.env, NODE_ENV: 'production' };
  const basemap = path.join(root, 'scripts', 'basemap', 'generate.ts');
  if (fs.existsSync(basemap))
    await run(process.execPath, ['--import', 'tsx', basemap], { cwd: root, env: buildEnv });
  await run(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    env: buildEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Lighthouse now and then fails to find the navigation in its own trace (NO_NAVSTART, seen with
 * Chromium 156 and the desktop preset); such a run measured nothing, so it is run again (3 tries).
 */
export async function lighthouseOnce(bin: string, url: string, preset: Preset): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(bin, url, preset);
    } catch (error) {
      const stderr = (error as { stderr?: unknown }).stderr;
      if (attempt >= 3 || typeof stderr !== 'string' || !stderr.includes('NO_NAVSTART')) throw error;
      console.error(`${url} ${preset}: Lighthouse lost the navigation in its trace (NO_NAVSTART); again`);
    }
  }
}

async function lighthouseAttempt(bin: string, url: string, preset: Preset): Promise<Scores> {
  // The report and its trace (--save-assets) go to a directory of their own, read, then removed.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-lighthouse-report-'));
  try {
    const output = path.join(dir, 'report.json');
    const args = [
      url,
      '--output=json',
      `--output-path=${output}`,
      '--save-assets',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ];
    await run(bin, args, {
      env: { ...process.env, CHROME_PATH: chromiumPath() },
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
    const metrics = report.audits.metrics?.details?.items?.[0] ?? {};
    const tracePath = path.join(dir, 'report-0.trace.json');
    let task: LongestTask | null = null;
    if (fs.existsSync(tracePath)) {
      const trace = JSON.parse(fs.readFileSync(tracePath, 'utf8')) as
        { traceEvents: TraceEvent[] } | TraceEvent[];
      const events = Array.isArray(trace) ? trace : trace.traceEvents;
      task = longestTask(
        events,
        Number(metrics.observedFirstContentfulPaintTs),
        Number(metrics.observedNavigationStartTs),
      );
    }
    const longest = (report.audits['long-tasks']?.details?.items ?? []).reduce<{
      ms: number;
      script: string;
    } | null>(
      (max, item) =>
        Number(item.duration) > (max?.ms ?? -1)
          ? { ms: Math.round(Number(item.duration)), script: String(item.url ?? '').replace(/^.*\//, '') }
          : max,
      null,
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      longestTask: task,
      longTaskAudit: longest,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The run with the median performance score (its other numbers belong to that same run). */
export function medianRun(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface Server {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The checkout's real server (`server/main.ts` under tsx, NODE_ENV=production, seeded) on a
 * fresh DATA_DIR and a free port; healthy within 120 s or it throws.
 */
export async function startServer(root: string): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-lighthouse-'));
  const port = await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'true',
    LOG_LEVEL: 'warn',
  };
  delete serverEnv.DATABASE_URL;
  const logPath = path.join(dataDir, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${fs.readFileSync(logPath, 'utf8')}`);
    try {
      if ((await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) })).ok)
        return { baseURL, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server was not healthy within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Replaces what is between two markers of a file; false when the markers are missing. */
export function writeBetweenMarkers(file: string, start: string, end: string, text: string): boolean {
  const content = fs.readFileSync(file, 'utf8');
  const from = content.indexOf(start);
  const to = content.indexOf(end);
  if (from < 0 || to < from) return false;
  fs.writeFileSync(file, `${content.slice(0, from + start.length)}\n${text}\n${content.slice(to)}`);
  return true;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}
