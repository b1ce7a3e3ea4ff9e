/**
 * `npm run bench:map`: the explore map in the e2e Chromium, from navigation to the map's first
 * `idle` with the buildings drawn, for N buildings all inside the start view (10k and 100k by
 * default). For each N it loads a fresh database (bench/generate.ts, every building inside the
 * start view), starts the real server (`server/main.ts` in a child process on a free port, serving
 * dist/web, built here when missing) and opens `/` in a fresh Chromium BENCH_MAP_RUNS times.
 * Each run loads the page once with the offline basemap (served by the product) and once without
 * it (its requests answered 404: the plain background the map had before), alternating which goes
 * first, so both see the same machine load (BENCH_MAP_BASEMAP=on or off measures one only).
 * Results go to bench/results/map-browser-<engine>.json; see bench/README.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Response } from 'playwright-core';
import { BASEMAP_VERSION_META } from '#domain/basemap';
import { MAP_FETCH_DEBOUNCE_MS, MAP_START_CENTER, MAP_START_ZOOM } from '#domain/constants';
import { openDatabase } from '../server/db/client.ts';
import { BUILDINGS_SOURCE_ID, CLUSTERS_SOURCE_ID } from '../web/src/features/explore/lib/buildings-layer.ts';
import { assertChromiumInstalled, CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium-path.ts';
import { loadBuildings, type Area } from './generate.ts';
import { median, medianInterval } from './stats.ts';
import { createPostgresDatabase } from '../server/test/databases.ts';
import { freePort, stopChild } from '../server/test/processes.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const SIZES = (env.BENCH_MAP_SIZES ?? '10000,100000').split(',').map(Number);
/**
 * 15 by default: on this 2-core machine the ratio on ÷ off of one run's pair ranged 0.95–1.58
 * (2026-11-26), so the median of 5 pairs moved by ±0.07 from run to run, more than the question
 * it answers (is the basemap's cost within 1.25×?); 15 pairs narrow that to about ±0.04.
 */
const RUNS = Number(env.BENCH_MAP_RUNS ?? 15);
const POSTGRES_URL = env.BENCH_DATABASE_URL;
const ENGINES = (env.BENCH_ENGINES ?? (POSTGRES_URL ? 'pglite,postgres' : 'pglite')).split(',') as Engine[];
/** Passed to the server as GEOJSON_MAX_FEATURES (≤ 50000): raise it to send points, not clusters. */
const MAX_FEATURES = env.BENCH_MAP_MAX_FEATURES;
const RUN_TIMEOUT_MS = Number(env.BENCH_MAP_TIMEOUT_MS ?? 180_000);
const VIEWPORT = { width: 1280, height: 800 };
type BasemapMode = 'on' | 'off';
const BASEMAP_MODES = (env.BENCH_MAP_BASEMAP ?? 'on,off').split(',') as BasemapMode[];

/**
 * BENCH_MAP_THROTTLE=<Mbit/s>,<RTT ms> (e.g. `10,40`, the first-visit network): every page load runs
 * under Chromium's network emulation (CDP Network.emulateNetworkConditions); results go to
 * map-browser-<engine>-throttled.json. Unset: loopback at full speed.
 */
const THROTTLE = (() => {
  if (!env.BENCH_MAP_THROTTLE) return null;
  const [mbit, rttMs] = env.BENCH_MAP_THROTTLE.split(',').map(Number);
  if (!mbit || !(mbit > 0) || rttMs === undefined || !(rttMs >= 0))
    throw new Error('BENCH_MAP_THROTTLE is <Mbit/s>,<RTT ms>, e.g. 10,40');
  return { mbit, rttMs };
})();

/**
 * Inside the start view (center [0, 40], zoom 3): in a 1280×800 window the map shows
 * lng −40.4…40.4, lat 13.6…59.1. London, Paris, Berlin and Istanbul lie in this box.
 */
const AREA: Area = { west: -30, south: 20, east: 30, north: 55 };

type Engine = 'pglite' | 'postgres';

/** Milliseconds from navigation start (the page's time origin), measured in the page. */
interface PageTimes {
  domContentLoaded: number;
  /** The map's `load` with the buildings layers added (the app sets window.__atlasMap). */
  mapLoaded: number | null;
  /** First GET /api/buildings/geojson answered (responseEnd). */
  firstGeojsonResponse: number | null;
  /** First `setData` of the buildings or clusters source with at least one feature. */
  firstDataSet: number | null;
  /** First `idle` after that: the buildings are drawn. The headline number. */
  firstDrawnIdle: number | null;
  /**
   * `window.__atlasMapIdle` first true: the data of the map's own viewport drawn. The app fetches
   * the default box first, then the map's bounds after the 1000 ms debounce of product §4.
   */
  settledIdle: number | null;
  usedJsHeapBytes: number | null;
}

interface GeojsonAnswer {
  url: string;
  bytes: number;
  points: number;
  clusters: number;
  total: number;
  truncated: boolean;
}

interface RunResult extends PageTimes {
  run: number;
  basemap: BasemapMode;
  /** Basemap tiles answered (200 or 204). */
  basemapTiles: number;
  geojson: GeojsonAnswer[];
  externalRequests: string[];
}

interface Stats {
  median: number;
  min: number;
  max: number;
}

interface SizeResult {
  buildings: number;
  basemap: BasemapMode;
  loadSeconds: number;
  /** Of the settled answer (the map's own viewport): should equal `buildings`. */
  buildingsInView: number;
  firstAnswer: GeojsonAnswer;
  settledAnswer: GeojsonAnswer;
  summary: Record<'mapLoaded' | 'firstGeojsonResponse' | 'firstDrawnIdle' | 'settledIdle', Stats>;
  runs: RunResult[];
}

function stats(values: (number | null)[]): Stats {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return { median: NaN, min: NaN, max: NaN };
  return { median: Math.round(median(v)), min: Math.round(v[0]!), max: Math.round(v[v.length - 1]!) };
}

interface OnOff {
  buildings: number;
  on: SizeResult;
  off: SizeResult;
  /** on ÷ off of first drawn idle for each run that measured both (its two loads are neighbours in time). */
  ratios: number[];
}

/** The basemap on and off results of one size, with their run-by-run ratios; undefined unless both ran. */
function compareOnOff(sizes: SizeResult[], n: number): OnOff | undefined {
  const on = sizes.find((s) => s.buildings === n && s.basemap === 'on');
  const off = sizes.find((s) => s.buildings === n && s.basemap === 'off');
  if (!on || !off) return undefined;
  const ratios = on.runs.flatMap((r) => {
    const other = off.runs.find((o) => o.run === r.run);
    if (r.firstDrawnIdle === null || !other?.firstDrawnIdle) return [];
    return [Number((r.firstDrawnIdle / other.firstDrawnIdle).toFixed(3))];
  });
  return { buildings: n, on, off, ratios };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

async function run(command: string, args: string[], childEnv: NodeJS.ProcessEnv): Promise<void> {
  const output: string[] = [];
  const child = spawn(command, args, { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output.join('')}`);
}

/** As e2e/global-setup.ts, but only when dist/web is missing; never with tile URLs (no internet). */
async function ensureWebBuild(): Promise<void> {
  // The basemap archive (a no-op when it is current).
  await run(process.execPath, ['--import', 'tsx', 'scripts/basemap/generate.ts'], env);
  if (fs.existsSync(path.join(repoRoot, 'dist/web/index.html')) && env.BENCH_MAP_BUILD !== '1') return;
  console.error('building the web app (vite build, no tile URLs)');
  // What ships: a NODE_ENV=test left in the environment would make React's development build.
  const buildEnv: NodeJS.ProcessEnv = { ...env, NODE_ENV: 'production' };
  delete buildEnv.VITE_TILE_URL_LIGHT;
  delete buildEnv.VITE_TILE_URL_DARK;
  await run('npx', ['vite', 'build'], buildEnv);
}

interface PreparedDatabase {
  /** Server environment naming the database. */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  loadSeconds: number;
  drop(): Promise<void>;
}

/** A fresh database holding n generated buildings, closed again so the server can open it. */
async function prepareDatabase(engine: Engine, n: number): Promise<PreparedDatabase> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-bench-map-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as void;
  if (engine === 'postgres') {
    if (!POSTGRES_URL) throw new Error('postgres needs BENCH_DATABASE_URL');
    const fresh = await createPostgresDatabase(POSTGRES_URL, { prefix: `atlas_bench_map_${n}` });
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  const start = performance.now();
  try {
    await database.migrate();
    await loadBuildings(database.db, n, { area: AREA });
  } finally {
    await database.close();
  }
  const loadSeconds = Number(((performance.now() - start) / 1000).toFixed(1));
  const serverEnv: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
  if (databaseUrl) serverEnv.DATABASE_URL = databaseUrl;
  return {
    env: serverEnv,
    dataDir,
    loadSeconds,
    async drop() {
      await dropDatabase();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Server {
  baseURL: string;
  stop(): Promise<void>;
}

/** The real server as e2e starts it: `server/main.ts` in its own process, serving dist/web. */
async function startServer(database: PreparedDatabase): Promise<Server> {
  const port = await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    ...database.env,
    NODE_ENV: 'production',
    // A benchmark: every map and card-list request must reach the server, whatever the read limit.
    RATE_LIMIT: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'false',
    WORKER: 'false',
    LOG_LEVEL: 'warn',
  };
  if (!database.env.DATABASE_URL) delete serverEnv.DATABASE_URL;
  if (MAX_FEATURES) serverEnv.GEOJSON_MAX_FEATURES = MAX_FEATURES;
  const logPath = path.join(database.dataDir, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: serverEnv,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was healthy:\n${fs.readFileSync(logPath, 'utf8')}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { baseURL, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy within 120 s:\n${fs.readFileSync(logPath, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * Runs in the page before its scripts: turns the app's test hooks on, catches window.__atlasMap as the app sets it (test-hooks.ts),
 * wraps the two buildings sources' setData, and notes the times of the events measured in
 * window.__bench. A string, not a function: tsx's name helpers would not exist in the page.
 */
const INSTRUMENT_PAGE = `(() => {
  window.__atlasTestHooks = true;
  const state = { mapLoaded: null, firstDataSet: null, firstDrawnIdle: null, settledIdle: null };
  window.__bench = state;
  const watch = (map) => {
    state.mapLoaded = performance.now();
    for (const id of ${JSON.stringify([BUILDINGS_SOURCE_ID, CLUSTERS_SOURCE_ID])}) {
      const source = map.getSource(id);
      if (!source) continue;
      const original = source.setData.bind(source);
      source.setData = (data, ...rest) => {
        if (state.firstDataSet === null && data && data.features && data.features.length > 0) {
          state.firstDataSet = performance.now();
        }
        return original(data, ...rest);
      };
    }
    map.on('idle', () => {
      if (state.firstDataSet !== null && state.firstDrawnIdle === null) state.firstDrawnIdle = performance.now();
    });
  };
  let mapValue;
  Object.defineProperty(window, '__atlasMap', {
    configurable: true,
    get: () => mapValue,
    set: (value) => {
      mapValue = value;
      if (value && state.mapLoaded === null) watch(value);
    },
  });
  let idleValue;
  Object.defineProperty(window, '__atlasMapIdle', {
    configurable: true,
    get: () => idleValue,
    set: (value) => {
      idleValue = value;
      if (value === true && state.settledIdle === null) state.settledIdle = performance.now();
    },
  });
})();`;

async function readAnswer(response: Response): Promise<GeojsonAnswer> {
  const body = await response.body();
  const parsed = JSON.parse(body.toString()) as {
    features: { properties: { cluster?: boolean } }[];
    total: number;
    truncated: boolean;
  };
  const clusters = parsed.features.filter((f) => f.properties.cluster === true).length;
  return {
    url: new URL(response.url()).search,
    bytes: body.length,
    points: parsed.features.length - clusters,
    clusters,
    total: parsed.total,
    truncated: parsed.truncated,
  };
}

/** One fresh Chromium, one fresh page load of `/`. */
async function measureOnce(baseURL: string, runIndex: number, basemap: BasemapMode): Promise<RunResult> {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
    await context.addInitScript({ content: INSTRUMENT_PAGE });
    const page = await context.newPage();
    if (basemap === 'off') {
      // As if no basemap were built: the page names no archive version (a server without one
      // writes no such tag; the tag goes as the page finishes parsing, before the app's scripts
      // run), the map asks for the TileJSON and, answered 404, keeps its plain background.
      await context.addInitScript({
        content: `document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            document.querySelector('meta[name="${BASEMAP_VERSION_META}"]')?.remove();
        });`,
      });
      await page.route('**/basemap/**', (route) =>
        route.fulfill({ status: 404, contentType: 'application/problem+json', body: '{"status":404}' }),
      );
    }
    let basemapTiles = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('.mvt') && (response.status() === 200 || response.status() === 204))
        basemapTiles++;
    });
    if (THROTTLE) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: THROTTLE.rttMs,
        downloadThroughput: (THROTTLE.mbit * 1_000_000) / 8,
        uploadThroughput: (THROTTLE.mbit * 1_000_000) / 8,
      });
    }
    const geojsonResponses: Response[] = [];
    const externalRequests: string[] = [];
    page.on('request', (request) => {
      if (
        !request.url().startsWith(baseURL) &&
        !request.url().startsWith('blob:') &&
        !request.url().startsWith('data:')
      )
        externalRequests.push(request.url());
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/buildings/geojson') geojsonResponses.push(response);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${baseURL}/`, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(
        () => {
          const bench = (
            window as unknown as { __bench?: { settledIdle: number | null; firstDrawnIdle: number | null } }
          ).__bench;
          return bench?.settledIdle != null && bench.firstDrawnIdle != null;
        },
        null,
        { timeout: RUN_TIMEOUT_MS, polling: 100 },
      );
    } catch (error) {
      throw new Error(`run ${runIndex}: the map did not settle (${errors.join('; ') || String(error)})`);
    }
    const times = await page.evaluate((): PageTimes => {
      const bench = (
        window as unknown as {
          __bench: Pick<PageTimes, 'mapLoaded' | 'firstDataSet' | 'firstDrawnIdle' | 'settledIdle'>;
        }
      ).__bench;
      const navigation = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      const geojson = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/buildings/geojson'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd);
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return {
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? NaN,
        mapLoaded: bench.mapLoaded,
        firstGeojsonResponse: geojson.length ? Math.min(...geojson) : null,
        firstDataSet: bench.firstDataSet,
        firstDrawnIdle: bench.firstDrawnIdle,
        settledIdle: bench.settledIdle,
        usedJsHeapBytes: memory?.usedJSHeapSize ?? null,
      };
    });
    const namesArchive = await page.evaluate(
      (name) => document.querySelector(`meta[name="${name}"]`) !== null,
      BASEMAP_VERSION_META,
    );
    if (namesArchive !== (basemap === 'on')) {
      throw new Error(
        `run ${runIndex}: basemap ${basemap}, but the page ${namesArchive ? 'names' : 'does not name'} the archive`,
      );
    }
    const camera = await page.evaluate(() => {
      const map = window.__atlasMap;
      return map ? { center: map.getCenter().toArray(), zoom: map.getZoom() } : null;
    });
    if (
      !camera ||
      Math.abs(camera.zoom - MAP_START_ZOOM) > 1e-6 ||
      Math.abs(camera.center[0] - MAP_START_CENTER[0]) > 1e-6 ||
      Math.abs(camera.center[1] - MAP_START_CENTER[1]) > 1e-6
    ) {
      throw new Error(`run ${runIndex}: the map is not at the start view: ${JSON.stringify(camera)}`);
    }
    const geojson = await Promise.all(geojsonResponses.map(readAnswer));
    const round = (t: number | null) => (t === null ? null : Math.round(t));
    return {
      run: runIndex,
      basemap,
      basemapTiles,
      domContentLoaded: Math.round(times.domContentLoaded),
      mapLoaded: round(times.mapLoaded),
      firstGeojsonResponse: round(times.firstGeojsonResponse),
      firstDataSet: round(times.firstDataSet),
      firstDrawnIdle: round(times.firstDrawnIdle),
      settledIdle: round(times.settledIdle),
      usedJsHeapBytes: times.usedJsHeapBytes,
      geojson,
      externalRequests,
    };
  } finally {
    await browser.close();
  }
}

async function measureSize(engine: Engine, n: number): Promise<SizeResult[]> {
  const database = await prepareDatabase(engine, n);
  console.error(
    `${engine}: loaded ${n} buildings in ${database.loadSeconds} s (load average ${loadAverage()})`,
  );
  try {
    const server = await startServer(database);
    try {
      const all: RunResult[] = [];
      for (let i = 1; i <= RUNS; i++) {
        // Alternate which mode goes first, so neither always meets a colder or busier machine.
        const order = i % 2 ? BASEMAP_MODES : [...BASEMAP_MODES].reverse();
        for (const mode of order) {
          const result = await measureOnce(server.baseURL, i, mode);
          all.push(result);
          console.error(
            `${engine} ${n} basemap ${mode} (${result.basemapTiles} tiles) run ${i}: map loaded ${result.mapLoaded} ms, first drawn idle ${result.firstDrawnIdle} ms, ` +
              `settled idle ${result.settledIdle} ms; answers ${result.geojson
                .map((a) => `${a.clusters} clusters + ${a.points} points (total ${a.total}, ${a.bytes} B)`)
                .join(', ')} (load average ${loadAverage()})`,
          );
          if (result.externalRequests.length)
            console.error(`  requests outside the server: ${result.externalRequests.join(', ')}`);
        }
      }
      return BASEMAP_MODES.map((mode): SizeResult => {
        const runs = all.filter((r) => r.basemap === mode);
        const last = runs[runs.length - 1]!;
        const firstAnswer = last.geojson[0]!;
        const settledAnswer = last.geojson[last.geojson.length - 1]!;
        if (settledAnswer.total !== n) {
          console.error(`warning: ${settledAnswer.total} of ${n} buildings in the start view`);
        }
        return {
          buildings: n,
          basemap: mode,
          loadSeconds: database.loadSeconds,
          buildingsInView: settledAnswer.total,
          firstAnswer,
          settledAnswer,
          summary: {
            mapLoaded: stats(runs.map((r) => r.mapLoaded)),
            firstGeojsonResponse: stats(runs.map((r) => r.firstGeojsonResponse)),
            firstDrawnIdle: stats(runs.map((r) => r.firstDrawnIdle)),
            settledIdle: stats(runs.map((r) => r.settledIdle)),
          },
          runs,
        };
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function main() {
  assertChromiumInstalled();
  await ensureWebBuild();
  await fs.promises.mkdir(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  const probe = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const chromiumVersion = probe.version();
  await probe.close();
  for (const engine of ENGINES) {
    const loadAverageAtStart = loadAverage();
    const sizes: SizeResult[] = [];
    for (const n of SIZES) sizes.push(...(await measureSize(engine, n)));
    const comparisons = SIZES.flatMap((n) => compareOnOff(sizes, n) ?? []);
    const result = {
      engine,
      date: new Date().toISOString(),
      chromium: chromiumVersion,
      chromiumArgs: CHROMIUM_ARGS,
      viewport: VIEWPORT,
      runsPerSize: RUNS,
      network: THROTTLE ? { mbitPerSecond: THROTTLE.mbit, rttMs: THROTTLE.rttMs } : 'loopback',
      fetchDebounceMs: MAP_FETCH_DEBOUNCE_MS,
      geojsonMaxFeatures: MAX_FEATURES ? Number(MAX_FEATURES) : 'default',
      area: AREA,
      cpus: os.cpus().length,
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      sizes,
      /** Per size: on ÷ off of first drawn idle, run by run (see compareOnOff). */
      pairedRatios: comparisons.map(({ buildings, ratios }) => ({
        buildings,
        median: median(ratios),
        interval95: medianInterval(ratios) ?? null,
        ratios,
      })),
    };
    const suffix = `${MAX_FEATURES ? `-max${MAX_FEATURES}` : ''}${THROTTLE ? '-throttled' : ''}`;
    const file = path.join(repoRoot, 'bench', 'results', `map-browser-${engine}${suffix}.json`);
    await fs.promises.writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    console.error(`wrote ${path.relative(repoRoot, file)}`);
    for (const s of sizes) {
      const f = s.summary.firstDrawnIdle;
      const settled = s.summary.settledIdle;
      const a = s.settledAnswer;
      console.log(
        `| ${engine} | ${s.buildings} | basemap ${s.basemap} | ${a.clusters} clusters + ${a.points} points (total ${a.total}), ` +
          `${(a.bytes / 1024).toFixed(0)} KB | ${s.summary.mapLoaded.median} | ${f.median} (${f.min}–${f.max}) | ` +
          `${settled.median} (${settled.min}–${settled.max}) |`,
      );
    }
    for (const { buildings: n, on, off, ratios } of comparisons) {
      const ratio = on.summary.firstDrawnIdle.median / off.summary.firstDrawnIdle.median;
      const interval = medianInterval(ratios);
      console.log(
        `${engine} ${n}: first drawn idle, basemap on ${on.summary.firstDrawnIdle.median} ms / off ` +
          `${off.summary.firstDrawnIdle.median} ms = ${ratio.toFixed(2)}×; run by run ${median(ratios).toFixed(2)}× ` +
          `(median of ${ratios.length}, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}` +
          `${interval ? `; 95% interval of that median ${interval[0].toFixed(2)}–${interval[1].toFixed(2)}` : ''}) ` +
          `(load average ${loadAverageAtStart} → ${loadAverage()})`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
