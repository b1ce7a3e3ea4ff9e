/**
 * `npm run bench`: latency of the map endpoint on generated data, through the real app
 * (routing, validation, SQL, serialisation). Medians and p99 in milliseconds; results go to
 * bench/results/. BENCH_BUILDINGS (default 100000) sets the data size; BENCH_DATABASE_URL runs
 * it on PostgreSQL as well (a fresh database is made and dropped).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../server/test/test-app.ts';
import { loadBuildings } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_BUILDINGS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const VIEWPORTS = {
  city: 'north=48.88&south=48.84&east=2.38&west=2.32',
  country: 'north=51&south=46&east=5&west=-1',
  world: 'north=85&south=-85&east=180&west=-180',
} as const;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[i]!;
}

async function runEngine(engine: 'pglite' | 'postgres') {
  if (engine === 'postgres') {
    process.env.TEST_DB_ENGINE = 'postgres';
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  } else {
    delete process.env.TEST_DB_ENGINE;
  }
  const t = await createTestApp({ SEED: 'false' });
  try {
    const loadStart = performance.now();
    await loadBuildings(t.app.db, N);
    const loadMs = performance.now() - loadStart;
    const results: Record<
      string,
      { features: number; truncated: boolean; medianMs: number; p99Ms: number; bytes: number }
    > = {};
    for (const [name, query] of Object.entries(VIEWPORTS)) {
      const url = `/api/buildings/geojson?${query}`;
      const times: number[] = [];
      let last = await t.app.inject({ method: 'GET', url }); // warm-up
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now();
        last = await t.app.inject({ method: 'GET', url });
        times.push(performance.now() - s);
        if (last.statusCode !== 200) throw new Error(`${name}: HTTP ${last.statusCode} ${last.body}`);
      }
      times.sort((a, b) => a - b);
      const body = last.json<{ features: unknown[]; truncated: boolean }>();
      results[name] = {
        features: body.features.length,
        truncated: body.truncated,
        medianMs: Number(percentile(times, 50).toFixed(2)),
        p99Ms: Number(percentile(times, 99).toFixed(2)),
        bytes: last.body.length,
      };
    }
    return {
      engine,
      buildings: N,
      requests: REQUESTS,
      loadSeconds: Number((loadMs / 1000).toFixed(1)),
      viewports: results,
    };
  } finally {
    await t.close();
  }
}

async function main() {
  const engines: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  for (const engine of engines) {
    const result = await runEngine(engine);
    console.log(JSON.stringify(result, null, 2));
    await fs.writeFile(
      path.join(here, 'results', `geojson-${engine}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
