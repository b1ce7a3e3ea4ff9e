/**
 * `npm run bench:lighthouse`: Lighthouse (npm `lighthouse`, Debian Chromium) on `/`,
 * `/buildings/1`, `/gallery/1` and `/user/demo/lists` of a fresh production build of the app, with the mobile and the
 * desktop preset, BENCH_LIGHTHOUSE_RUNS times each (3 by default, the median is reported). The
 * server is the real one (`server/main.ts`, NODE_ENV=production, a fresh seeded DATA_DIR) on a
 * free port. Writes bench/results/lighthouse.json and the table between the lighthouse markers of
 * bench/README.md. The first-visit targets: desktop performance ≥ 90, mobile ≥ 60, best practices and
 * SEO 100.
 *
 * `BENCH_LIGHTHOUSE_BASELINE=<commit> npm run bench:lighthouse` measures that commit's build side by
 * side with this checkout's instead (bench/lighthouse-baseline.ts).
 *
 * Needs the `lighthouse` package (a devDependency): it is run from node_modules/.bin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithBaseline } from './lighthouse-baseline.ts';
import {
  buildApp,
  CHROME_FLAGS,
  lighthouseBin,
  lighthouseOnce,
  loadAverage,
  medianRun,
  PRESETS,
  startServer,
  writeBetweenMarkers,
  type Preset,
  type Scores,
} from './lighthouse-run.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const RUNS = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const README = path.join(repoRoot, 'bench', 'README.md');
const MARK_START = '<!-- lighthouse:start -->';
const MARK_END = '<!-- lighthouse:end -->';

function table(results: Record<string, Record<Preset, Scores>>, date: string): string {
  const lines = [
    `Lighthouse, median of ${RUNS} (${date}, ${os.cpus().length} CPUs, load average ${loadAverage()}); \`npm run bench:lighthouse\`.`,
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

async function measureThisCheckout() {
  const pages = (env.BENCH_LIGHTHOUSE_PAGES ?? '/,/buildings/1,/gallery/1,/user/demo/lists').split(',');
  const bin = lighthouseBin(repoRoot);
  await buildApp(repoRoot);
  const server = await startServer(repoRoot);
  const results: Record<string, Record<Preset, Scores>> = {};
  try {
    for (const page of pages) {
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
  if (!writeBetweenMarkers(README, MARK_START, MARK_END, text))
    console.error(`bench/README.md has no ${MARK_START} … ${MARK_END} block: the table is printed only`);
}

const baseline = env.BENCH_LIGHTHOUSE_BASELINE;
(baseline ? compareWithBaseline(repoRoot, baseline, RUNS) : measureThisCheckout()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
