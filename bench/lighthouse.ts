/**
 * `npm run bench:lighthouse`: Lighthouse (npm `lighthouse`, Debian Chromium) on `/`,
 * `/buildings/1`, `/gallery/1` and `/user/demo/lists` of a fresh production build of the app, with the mobile and the
 * desktop preset, BENCH_LIGHTHOUSE_RUNS times each (3 by default, the median is reported). The
 * server is the real one (`server/main.ts`, NODE_ENV=production, a fresh seeded DATA_DIR) on a
 * free port. Writes bench/results/lighthouse.json and the table between the lighthouse markers of
 * bench/README.md. The first-visit targets: desktop performance ≥ 90, mobile ≥ 60, best practices and
 * SEO 100.
 *
 * Needs the `lighthouse` package (a devDependency): it is run from node_modules/.bin.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromiumPath } from '../e2e/chromium-path.ts';
import { freePort, stopChild } from '../server/test/processes.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const RUNS = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = (env.BENCH_LIGHTHOUSE_PAGES ?? '/,/buildings/1,/gallery/1,/user/demo/lists').split(',');
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-background-networking';
const README = path.join(repoRoot, 'bench', 'README.md');
const MARK_START = '<!-- lighthouse:start -->';
const MARK_END = '<!-- lighthouse:end -->';

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function lighthouseBin(): string {
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
 * Lighthouse now and then fails to find the navigation in its own trace (NO_NAVSTART, seen with
 * Chromium 156 and the desktop preset); such a run measured nothing, so it is run again (3 tries).
 */
async function lighthouseOnce(bin: string, url: string, preset: Preset): Promise<Scores> {
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
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const { stdout } = await run(bin, args, {
    env: { ...env, CHROME_PATH: chromiumPath() },
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stdout) as LighthouseReport;
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
  };
}

/** The run with the median performance score (its other numbers belong to that same run). */
function medianRun(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function startServer(): Promise<{ baseURL: string; stop(): Promise<void>; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-lighthouse-'));
  const port = await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
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
    cwd: repoRoot,
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
        return { baseURL, stop, dataDir };
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

function table(results: Record<string, Record<Preset, Scores>>, date: string): string {
  const lines = [
    `Lighthouse, median of ${RUNS} (${date}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}); \`npm run bench:lighthouse\`.`,
    '',
    '| page | preset | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [page, byPreset] of Object.entries(results)) {
    for (const preset of PRESETS) {
      const s = byPreset[preset];
      lines.push(
        `| \`${page}\` | ${preset} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ` +
          `${s.fcpMs} | ${s.lcpMs} | ${s.tbtMs} | ${s.cls} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  const bin = lighthouseBin();
  // Always a fresh production build: dist/web may hold another one (a development React build
  // made under NODE_ENV=test measured two to three times the blocking time).
  await run(process.execPath, [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: 'production' },
  });
  const server = await startServer();
  const results: Record<string, Record<Preset, Scores>> = {};
  try {
    for (const page of PAGES) {
      const byPreset = {} as Record<Preset, Scores>;
      for (const preset of PRESETS) {
        const runs: Scores[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await lighthouseOnce(bin, `${server.baseURL}${page}`, preset));
        byPreset[preset] = medianRun(runs);
        console.error(`${page} ${preset}: ${JSON.stringify(byPreset[preset])}`);
      }
      results[page] = byPreset;
    }
  } finally {
    await server.stop();
  }
  const date = new Date().toISOString();
  await fs.promises.mkdir(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  await fs.promises.writeFile(
    path.join(repoRoot, 'bench', 'results', 'lighthouse.json'),
    `${JSON.stringify({ date, runs: RUNS, chromeFlags: CHROME_FLAGS, results }, null, 2)}\n`,
  );
  const text = table(results, date);
  console.log(text);
  const readme = fs.readFileSync(README, 'utf8');
  const start = readme.indexOf(MARK_START);
  const end = readme.indexOf(MARK_END);
  if (start >= 0 && end > start) {
    fs.writeFileSync(README, `${readme.slice(0, start + MARK_START.length)}\n${text}\n${readme.slice(end)}`);
  } else {
    console.error(`bench/README.md has no ${MARK_START} … ${MARK_END} block: the table is printed only`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
