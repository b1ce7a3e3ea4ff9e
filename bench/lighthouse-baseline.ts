/**
 * `BENCH_LIGHTHOUSE_BASELINE=<commit> npm run bench:lighthouse`: Lighthouse on this checkout and on
 * a commit side by side, in one run. The commit is checked out in a temporary `git worktree` that
 * borrows this checkout's node_modules (a symlink: `npm ci` would take minutes; the differences of
 * the two package-locks are printed, and a baseline that does not build with these packages
 * stops with that list), both are built for production and served by their own real server
 * (seeded, NODE_ENV=production, separate DATA_DIRs and ports), and Lighthouse alternates between
 * them run by run (baseline first in odd runs, current first in even ones) so both see the same
 * load. Pages: BENCH_LIGHTHOUSE_PAGES (`/` and `/buildings/1`), presets: BENCH_LIGHTHOUSE_PRESETS
 * (mobile and desktop), BENCH_LIGHTHOUSE_RUNS each (3). Prints and writes the medians with the
 * ratio of the blocking times, and each run's longest task after the first paint, named from its
 * trace, to bench/results/lighthouse-baseline.json and between the lighthouse-baseline markers of
 * bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './stats.ts';
import {
  buildApp,
  CHROME_FLAGS,
  lighthouseBin,
  lighthouseOnce,
  loadAverage,
  PRESETS,
  startServer,
  writeBetweenMarkers,
  type Preset,
  type Scores,
  type Server,
} from './lighthouse-run.ts';

const MARK_START = '<!-- lighthouse-baseline:start -->';
const MARK_END = '<!-- lighthouse-baseline:end -->';
type Side = 'baseline' | 'current';

interface Row {
  page: string;
  preset: Preset;
  runs: Record<Side, (Scores & { load: number })[]>;
}

type Lock = { packages?: Record<string, { version?: string }> };

/** Top-level packages whose locked version differs between the two package-locks (or is missing). */
export function lockDifferences(current: Lock, baseline: Lock): string[] {
  const ours = current.packages ?? {};
  const differences: string[] = [];
  for (const [key, entry] of Object.entries(baseline.packages ?? {})) {
    if (!key.startsWith('node_modules/') || key.indexOf('/node_modules/', 1) >= 0) continue;
    const name = key.slice('node_modules/'.length);
    const have = ours[key]?.version;
    if (have !== entry.version)
      differences.push(`${name} ${entry.version ?? '?'} (here ${have ?? 'missing'})`);
  }
  return differences.sort();
}

function git(repoRoot: string, args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
}

/** The baseline's checkout, with this checkout's node_modules; removed by `remove`. */
function checkOut(repoRoot: string, commit: string): { root: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-baseline-'));
  git(repoRoot, ['worktree', 'add', '--detach', root, commit]);
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    remove: () => {
      git(repoRoot, ['worktree', 'remove', '--force', root]);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function cell(values: number[], digits = 0): number {
  return Number(median(values).toFixed(digits));
}

function longestOf(run: Scores | undefined): string {
  const task = run?.longestTask;
  return task ? `${task.ms} ms at ${(task.atMs / 1000).toFixed(1)} s: ${task.name}` : '–';
}

/** The run whose blocking time is the median one (its longest task stands for the side). */
function medianTbtRun<T extends Scores>(runs: T[]): T | undefined {
  return [...runs].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor(runs.length / 2)];
}

export function baselineTable(
  rows: Row[],
  meta: { baseline: string; current: string; date: string; runs: number; loads: number[] },
): string {
  const lines = [
    `Lighthouse side by side, median of ${meta.runs} per side, runs alternating (${meta.date}, ${os.cpus().length} CPUs, ` +
      `load average ${Math.min(...meta.loads).toFixed(1)}–${Math.max(...meta.loads).toFixed(1)} over the runs); ` +
      `baseline \`${meta.baseline}\`, current \`${meta.current}\`; ` +
      `\`BENCH_LIGHTHOUSE_BASELINE=${meta.baseline} npm run bench:lighthouse\`. Cells are baseline → current.`,
    '',
    '| page | preset | TBT ms | TBT current/baseline | performance | FCP ms | LCP ms | CLS | a11y, BP, SEO | longest task after FCP (trace), baseline | current |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const row of rows) {
    const m = (side: Side, pick: (s: Scores) => number, digits = 0) => cell(row.runs[side].map(pick), digits);
    const pair = (pick: (s: Scores) => number, digits = 0) =>
      `${m('baseline', pick, digits)} → ${m('current', pick, digits)}`;
    const others = (side: Side) =>
      [m(side, (s) => s.accessibility), m(side, (s) => s.bestPractices), m(side, (s) => s.seo)].join('/');
    const tbtBase = m('baseline', (s) => s.tbtMs);
    const ratio = tbtBase > 0 ? (m('current', (s) => s.tbtMs) / tbtBase).toFixed(2) : '–';
    lines.push(
      `| \`${row.page}\` | ${row.preset} | ${pair((s) => s.tbtMs)} | **${ratio}** | ${pair((s) => s.performance)} | ` +
        `${pair((s) => s.fcpMs)} | ${pair((s) => s.lcpMs)} | ${pair((s) => s.cls, 3)} | ${others('baseline')} → ${others('current')} | ` +
        `${longestOf(medianTbtRun(row.runs.baseline))} | ${longestOf(medianTbtRun(row.runs.current))} |`,
    );
  }
  return lines.join('\n');
}

export async function compareWithBaseline(repoRoot: string, commit: string, runs: number): Promise<void> {
  const env = process.env;
  const pages = (env.BENCH_LIGHTHOUSE_PAGES ?? '/,/buildings/1').split(',');
  const presets = (env.BENCH_LIGHTHOUSE_PRESETS ?? PRESETS.join(',')).split(',') as Preset[];
  for (const preset of presets) if (!PRESETS.includes(preset)) throw new Error(`unknown preset ${preset}`);
  const bin = lighthouseBin(repoRoot);
  const baselineId = git(repoRoot, ['rev-parse', '--short', `${commit}^{commit}`]);
  const currentId = `${git(repoRoot, ['rev-parse', '--short', 'HEAD'])}${git(repoRoot, ['status', '--porcelain', '--untracked-files=no']) ? ' with uncommitted changes' : ''}`;
  const checkout = checkOut(repoRoot, baselineId);
  const servers: Partial<Record<Side, Server>> = {};
  const rows: Row[] = [];
  const loads: number[] = [];
  try {
    const readLock = (root: string) =>
      JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
    const differences = lockDifferences(readLock(repoRoot), readLock(checkout.root));
    if (differences.length)
      console.error(
        `The baseline's package-lock differs from this checkout's in ${differences.length} top-level packages; ` +
          `it is built with this checkout's node_modules:\n  ${differences.join('\n  ')}`,
      );
    console.error(`Building ${baselineId} in ${checkout.root} and this checkout…`);
    try {
      await buildApp(checkout.root);
    } catch (error) {
      throw new Error(
        `${baselineId} does not build with this checkout's node_modules (package-lock differences above); ` +
          `run npm ci in a checkout of it instead`,
        { cause: error },
      );
    }
    await buildApp(repoRoot);
    servers.baseline = await startServer(checkout.root);
    servers.current = await startServer(repoRoot);
    for (const page of pages) {
      for (const preset of presets) {
        const row: Row = { page, preset, runs: { baseline: [], current: [] } };
        for (let i = 0; i < runs; i++) {
          const order: Side[] = i % 2 === 0 ? ['baseline', 'current'] : ['current', 'baseline'];
          for (const side of order) {
            const load = os.loadavg()[0]!;
            loads.push(load);
            const scores = await lighthouseOnce(bin, `${servers[side]!.baseURL}${page}`, preset);
            row.runs[side].push({ ...scores, load });
            console.error(
              `${page} ${preset} ${side} run ${i + 1} (load ${load.toFixed(1)}): performance ${scores.performance}, ` +
                `TBT ${scores.tbtMs} ms, FCP ${scores.fcpMs} ms, LCP ${scores.lcpMs} ms, CLS ${scores.cls}; ` +
                `longest task ${longestOf(scores)}; Lighthouse's ${scores.longTaskAudit ? `${scores.longTaskAudit.ms} ms ${scores.longTaskAudit.script}` : '–'}`,
            );
          }
        }
        rows.push(row);
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    checkout.remove();
  }
  const date = new Date().toISOString();
  const meta = { baseline: baselineId, current: currentId, date, runs, loads };
  await fs.promises.mkdir(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  await fs.promises.writeFile(
    path.join(repoRoot, 'bench', 'results', 'lighthouse-baseline.json'),
    `${JSON.stringify({ ...meta, chromeFlags: CHROME_FLAGS, loadAverageAtEnd: loadAverage(), rows }, null, 2)}\n`,
  );
  const text = baselineTable(rows, meta);
  console.log(text);
  const readme = path.join(repoRoot, 'bench', 'README.md');
  if (!writeBetweenMarkers(readme, MARK_START, MARK_END, text))
    console.error(`bench/README.md has no ${MARK_START} … ${MARK_END} block: the table is printed only`);
}
