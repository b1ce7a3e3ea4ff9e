/**
 * `npm run bench:export`: GET /api/buildings/export at 100k buildings. Loads generated
 * buildings (bench/generate.ts) into a fresh database, starts the real app on a loopback port and
 * downloads the export over HTTP in this process, reading as fast as it can without keeping the
 * bytes, while sampling `process.memoryUsage()` every 20 ms. For each export it reports rows,
 * bytes, seconds, rows/s, and the growth over the baseline taken just before (after a forced GC;
 * the npm script runs with --expose-gc) of the live heap (heapUsed after a forced GC every 250 ms:
 * what the export holds), of heapUsed's raw peak (garbage included), RSS and
 * external+arrayBuffers. The same export at ~10% of the rows (builtAfterDate=1925) is measured
 * too: memory that does not grow with the rows is what "constant memory" means. Exits 1 when any
 * export's live heap grows more than BENCH_EXPORT_MAX_HEAP_MB (32), a fraction of the body sizes
 * (≈ 38 MB of GeoJSON at 100k, ≈ 380 MB at 1M) that a buffered answer would hold at once.
 * Each export also reports the server's event-loop delay and the latency of /api/health/live
 * meanwhile (bench/event-loop.ts). PGlite runs in its worker thread as in the server; the engine
 * `pglite-inline` runs it in the server's thread, as before that (BENCH_ENGINES=pglite,pglite-inline).
 *
 *   npm run bench:export
 *   BENCH_BUILDINGS=1000000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:export
 *
 * Results go to bench/results/export-<engine>-<n>.json.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../server/test/test-app.ts';
import { formatResponsiveness, measureResponsiveness, type Responsiveness } from './event-loop.ts';
import { loadBuildings } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const N = Number(env.BENCH_BUILDINGS ?? 100_000);
const MAX_HEAP_MB = Number(env.BENCH_EXPORT_MAX_HEAP_MB ?? 32);
/** pglite: in its worker thread, as the server runs it; pglite-inline: in the server's thread (before). */
type Engine = 'pglite' | 'pglite-inline' | 'postgres';
const ENGINES = (env.BENCH_ENGINES ?? (env.BENCH_DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(
  ',',
) as Engine[];

const MB = 1024 * 1024;
const forceGc = (globalThis as { gc?: () => void }).gc;

interface Sample {
  heapUsed: number;
  rss: number;
  external: number;
}

function sample(): Sample {
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss, external: m.external + m.arrayBuffers };
}

interface Measurement {
  query: string;
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /**
   * Peak of the live heap (heapUsed right after a forced GC, every 250 ms) minus the baseline, MB:
   * what the export holds. Without --expose-gc it is the raw peak.
   */
  liveHeapDeltaMb: number;
  /** Peaks minus the baseline, MB: heapUsed includes garbage not yet collected. */
  heapDeltaMb: number;
  rssDeltaMb: number;
  externalDeltaMb: number;
  /** The same at the end of the download (after GC when available), MB. */
  heapAfterMb: number;
  /**
   * The server's event-loop delay and liveness probe during the download; with the memory sampling
   * the forced GCs are pauses of their own (the runs without it are reported apart).
   */
  responsiveness: Responsiveness;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Downloads one export, counting rows (CSV lines, GeoJSON features) without keeping the body. */
async function measure(base: string, query: string, withMemory = true): Promise<Measurement> {
  // Without the memory sampling the forced GCs stay out of the event-loop delay.
  const gc = withMemory ? forceGc : undefined;
  gc?.();
  const before = sample();
  const peak = { ...before };
  const timer = setInterval(() => {
    if (!withMemory) return;
    const s = sample();
    peak.heapUsed = Math.max(peak.heapUsed, s.heapUsed);
    peak.rss = Math.max(peak.rss, s.rss);
    peak.external = Math.max(peak.external, s.external);
  }, 20);
  let liveHeap = before.heapUsed;
  const gcTimer = setInterval(() => {
    if (!gc) return;
    gc();
    liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
  }, 250);
  const started = performance.now();
  const csv = query.includes('format=csv');
  const marker = Buffer.from('"type":"Feature"');
  let bytes = 0;
  let rows = 0;
  let tail = Buffer.alloc(0);
  const download = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/api/buildings/export?${query}`, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${query}: HTTP ${res.statusCode}`));
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (csv) {
              for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
            } else {
              // Features are counted across chunk boundaries by keeping the last few bytes.
              const text = Buffer.concat([tail, chunk]);
              for (let i = text.indexOf(marker); i !== -1; i = text.indexOf(marker, i + 1)) rows++;
              tail = Buffer.from(text.subarray(Math.max(0, text.length - marker.length + 1)));
            }
          });
          res.on('end', resolve);
          res.on('error', reject);
        })
        .on('error', reject);
    });
  const { responsiveness } = await measureResponsiveness(base, download);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  clearInterval(gcTimer);
  if (!gc) liveHeap = peak.heapUsed;
  if (csv) rows -= 1; // the header
  gc?.();
  const after = sample();
  return {
    query,
    rows,
    bytes,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rows / seconds),
    liveHeapDeltaMb: round1((liveHeap - before.heapUsed) / MB),
    heapDeltaMb: round1((peak.heapUsed - before.heapUsed) / MB),
    rssDeltaMb: round1((peak.rss - before.rss) / MB),
    externalDeltaMb: round1((peak.external - before.external) / MB),
    heapAfterMb: round1((after.heapUsed - before.heapUsed) / MB),
    responsiveness,
  };
}

async function run(
  engine: Engine,
): Promise<{ load: number; exports: Measurement[]; responsiveness: Record<string, Responsiveness> }> {
  if (engine === 'postgres') {
    process.env.TEST_DB_ENGINE = 'postgres';
    process.env.TEST_DATABASE_URL = env.BENCH_DATABASE_URL;
  } else {
    delete process.env.TEST_DB_ENGINE;
    process.env.TEST_PGLITE_THREAD = engine === 'pglite' ? '1' : '0';
  }
  const t = await createTestApp({
    SEED: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    // The bulk load's grid rebuild runs longer than the default statement limit at 1M rows.
    DB_STATEMENT_TIMEOUT_MS: '0',
  });
  try {
    const loadStarted = performance.now();
    await loadBuildings(t.app.db, N);
    const load = Math.round((performance.now() - loadStarted) / 100) / 10;
    console.log(`${engine}: ${N} buildings loaded in ${load} s`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // A first pass warms the database's caches and the code paths; it is reported as well.
    const queries = [
      'format=csv',
      'format=csv',
      'format=geojson',
      'format=csv&builtAfterDate=1925',
      'format=geojson&builtAfterDate=1925',
    ];
    const exports: Measurement[] = [];
    for (const query of queries) {
      const m = await measure(base, query);
      exports.push(m);
      console.log(
        `  ${query.padEnd(36)} ${String(m.rows).padStart(8)} rows ${(m.bytes / MB).toFixed(1).padStart(6)} MB ` +
          `${m.seconds.toFixed(2).padStart(6)} s ${String(m.rowsPerSecond).padStart(7)} rows/s  ` +
          `live heap +${m.liveHeapDeltaMb} MB, heap +${m.heapDeltaMb} MB (after ${m.heapAfterMb}), RSS +${m.rssDeltaMb} MB, buffers +${m.externalDeltaMb} MB`,
      );
      console.log(`    ${formatResponsiveness(m.responsiveness)}`);
    }
    // The server's responsiveness, without the memory sampling's forced GCs (each a pause of the
    // event loop of its own).
    const responsiveness: Record<string, Responsiveness> = {};
    for (const query of ['format=geojson', 'format=csv']) {
      const m = await measure(base, query, false);
      responsiveness[query] = m.responsiveness;
      console.log(`  responsiveness, ${query}: ${m.rows} rows; ${formatResponsiveness(m.responsiveness)}`);
    }
    return { load, exports, responsiveness };
  } finally {
    await t.close();
  }
}

async function main() {
  if (!forceGc) console.log('(no --expose-gc: baselines are taken without a forced GC)');
  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  let failed = false;
  for (const engine of ENGINES) {
    const loadBefore = os.loadavg();
    const { load, exports, responsiveness } = await run(engine);
    const worst = Math.max(...exports.map((e) => e.liveHeapDeltaMb));
    if (worst > MAX_HEAP_MB) {
      console.error(
        `${engine}: the live heap grew ${worst} MB during an export, over the ${MAX_HEAP_MB} MB bound`,
      );
      failed = true;
    }
    const file = path.join(here, 'results', `export-${engine}-${N}.json`);
    await fs.writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          engine,
          buildings: N,
          loadSeconds: load,
          maxHeapMb: MAX_HEAP_MB,
          exposeGc: Boolean(gc),
          loadAverageBefore: loadBefore,
          loadAverageAfter: os.loadavg(),
          exports,
          responsiveness,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`  -> ${path.relative(process.cwd(), file)}`);
  }
  process.exit(failed ? 1 : 0);
}

await main();
