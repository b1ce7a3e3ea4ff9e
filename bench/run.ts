/**
 * `npm run bench`: the map endpoint under load, over HTTP on loopback. Loads generated buildings
 * into a fresh database, starts the real app (`app.listen` on 127.0.0.1, port 0) and drives
 * `GET /api/buildings/geojson` with autocannon (a separate process) for a city, a country and a
 * world viewport, and a filtered world view: once with the body cache on (the default), once with
 * it off (every request queries and renders), and against a ceiling server answering the same
 * bytes precomputed. Then the server's event-loop delay and /api/health/live while a whole-catalogue
 * export and typo searches run (probeLongReads). PGlite runs in its worker thread as in the server
 * (`BENCH_ENGINES=pglite-inline`: in the server's thread, as before). Results go to
 * bench/results/geojson-<engine>-<n>.json; see bench/README.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { encodeBody, negotiateEncoding } from '../server/http/compression.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { createPostgresDatabase } from '../server/test/databases.ts';
import { formatResponsiveness, measureResponsiveness, type Responsiveness } from './event-loop.ts';
import { loadBuildings } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const N = Number(env.BENCH_BUILDINGS ?? 100_000);
const DURATION_S = Number(env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const POSTGRES_URL = env.BENCH_DATABASE_URL;
const ENGINES = (env.BENCH_ENGINES ?? (POSTGRES_URL ? 'pglite,postgres' : 'pglite')).split(',') as Engine[];
const VIEWPORT_FILTER = env.BENCH_VIEWPORTS?.split(',');
/**
 * The Accept-Encoding every request sends (a browser's by default): the app answers brotli, and
 * the ceiling answers the same brotli bytes made before the run, so compression is on both sides
 * of the ratio. `BENCH_ACCEPT_ENCODING=identity` measures uncompressed answers.
 */
const ACCEPT_ENCODING = env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';

/** pglite: in its worker thread, as the server runs it; pglite-inline: in the server's thread. */
type Engine = 'pglite' | 'pglite-inline' | 'postgres';

const VIEWPORTS: Record<string, string> = {
  city: 'north=48.88&south=48.84&east=2.38&west=2.32',
  country: 'north=51&south=46&east=5&west=-1',
  world: 'north=85&south=-85&east=180&west=-180',
  'world, built after 1900': 'north=85&south=-85&east=180&west=-180&builtAfterDate=1900',
};

interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

interface ViewportResult {
  query: string;
  bytes: number;
  sentBytes: number;
  points: number;
  clusters: number;
  total: number;
  cached: Load;
  uncached: Load;
  /** Uncached with one connection: the latency of a single request doing all the work. */
  uncachedOneConnection: Load;
  ceiling: Load;
  /** cached.requestsPerSecond / ceiling.requestsPerSecond */
  cachedVsCeiling: number;
  uncachedVsCeiling: number;
}

/** autocannon in its own process, so it does not share the server's event loop. */
function autocannon(url: string, connections = CONNECTIONS): Promise<Load> {
  const bin = path.join(here, '..', 'node_modules', 'autocannon', 'autocannon.js');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        bin,
        '-j',
        '-c',
        String(connections),
        '-d',
        String(DURATION_S),
        '-H',
        `accept-encoding: ${ACCEPT_ENCODING}`,
        url,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        errors: number;
        non2xx: number;
      };
      resolve({
        requestsPerSecond: Math.round(r.requests.average),
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        requests: r.requests.total,
        errors: r.errors,
        non2xx: r.non2xx,
      });
    });
  });
}

/**
 * The ceiling: a bare Fastify route answering the same bytes with the same content type, in the
 * same encoding the app chose (encoded once, before the run: the cost of sending, nothing else).
 */
async function ceiling(body: Buffer): Promise<Load> {
  const server = Fastify({ logger: false });
  const encoded = await encodeBody(body);
  const encoding = encoded.br ? negotiateEncoding(ACCEPT_ENCODING) : null;
  const bytes = encoding ? encoded[encoding]! : body;
  server.get('/api/buildings/geojson', async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('etag', encoded.etag);
    if (encoding) reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding');
    return reply.send(bytes);
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await autocannon(`${address}/api/buildings/geojson`);
  } finally {
    await server.close();
  }
}

async function openBenchDatabase(
  engine: Engine,
): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  if (engine !== 'postgres') {
    const database = await openDatabase({ pgliteThread: engine === 'pglite' });
    return { database, url: undefined, drop: async () => undefined };
  }
  if (!POSTGRES_URL) throw new Error('postgres needs BENCH_DATABASE_URL');
  const fresh = await createPostgresDatabase(POSTGRES_URL, { prefix: 'atlas_bench' });
  return { database: await openDatabase({ databaseUrl: fresh.url }), url: fresh.url, drop: fresh.drop };
}

/** The real app on an open database it must not close (two apps in turn share it). */
async function startApp(database: Database, databaseUrl: string | undefined, cacheMb: number) {
  const config = {
    ...loadConfig({
      NODE_ENV: 'development',
      AUTH_DEV_LOGIN: 'false',
      LOG_LEVEL: 'silent',
      SEED: 'false',
      WORKER: 'false',
      GEOJSON_CACHE_MB: String(cacheMb),
      // A load test: the per-IP read limit (600 map reads a minute) would refuse autocannon.
      RATE_LIMIT: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'atlas-bench'),
    }),
    databaseUrl,
    webDir: undefined,
  };
  const app = await buildApp(config, {
    database: { ...database, close: async () => undefined },
    logger: false,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, address };
}

/** Typos that take search's trigram way on the generated names ('Bench building <n>'). */
const TYPO_QUERIES = ['bemch buildng', 'bulding 4242', 'benhc', 'biulding benhc 77'];

/**
 * The probe of the server's responsiveness during long reads: the event-loop delay and
 * /api/health/live while one client downloads the whole catalogue's GeoJSON export, and while
 * it runs typo searches one after another.
 */
async function probeLongReads(
  database: Database,
  databaseUrl: string | undefined,
): Promise<Record<'export' | 'typoSearches', Responsiveness>> {
  const { app, address } = await startApp(database, databaseUrl, 64);
  try {
    const exported = await measureResponsiveness(address, async () => {
      const res = await fetch(`${address}/api/buildings/export?format=geojson`);
      if (!res.ok) throw new Error(`export: HTTP ${res.status}`);
      // Read and dropped chunk by chunk, as a download does.
      const reader = res.body?.getReader();
      if (reader) while (!(await reader.read()).done);
    });
    console.error(`export during: ${formatResponsiveness(exported.responsiveness)}`);
    // The places gazetteer loads in this thread on the first search (the server loads it right
    // after it starts listening): loaded before the measurement.
    await fetch(`${address}/api/search?q=paris`).then((res) => res.arrayBuffer());
    const searched = await measureResponsiveness(address, async () => {
      for (const q of TYPO_QUERIES) {
        const res = await fetch(`${address}/api/search?q=${encodeURIComponent(q)}`);
        if (!res.ok) throw new Error(`search ${q}: HTTP ${res.status}`);
        await res.arrayBuffer();
      }
    });
    console.error(`typo searches during: ${formatResponsiveness(searched.responsiveness)}`);
    return { export: exported.responsiveness, typoSearches: searched.responsiveness };
  } finally {
    await app.close();
  }
}

async function runEngine(engine: Engine) {
  const opened = await openBenchDatabase(engine);
  const { database, url: databaseUrl } = opened;
  try {
    await database.migrate();
    const loadStart = performance.now();
    await loadBuildings(database.db, N);
    const loadSeconds = Number(((performance.now() - loadStart) / 1000).toFixed(1));
    console.error(`${engine}: loaded ${N} buildings in ${loadSeconds} s`);

    const names = Object.keys(VIEWPORTS).filter((v) => !VIEWPORT_FILTER || VIEWPORT_FILTER.includes(v));
    const partial: Record<string, Partial<ViewportResult>> = {};
    for (const cacheMb of [64, 0]) {
      const { app, address } = await startApp(database, databaseUrl, cacheMb);
      try {
        for (const name of names) {
          const url = `${address}/api/buildings/geojson?${VIEWPORTS[name]}`;
          const first = await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } });
          if (!first.ok) throw new Error(`${name}: HTTP ${first.status} ${await first.text()}`);
          const body = Buffer.from(await first.arrayBuffer());
          const parsed = JSON.parse(body.toString()) as {
            features: { properties: { cluster: boolean } }[];
            total: number;
          };
          const r = (partial[name] ??= {
            query: VIEWPORTS[name],
            bytes: body.length,
            // What went over the wire (Content-Length of the encoded answer).
            sentBytes: Number(first.headers.get('content-length') ?? body.length),
            points: parsed.features.filter((f) => !f.properties.cluster).length,
            clusters: parsed.features.filter((f) => f.properties.cluster).length,
            total: parsed.total,
          });
          const load = await autocannon(url);
          if (cacheMb > 0) {
            r.cached = load;
            r.ceiling = await ceiling(body);
          } else {
            r.uncached = load;
            r.uncachedOneConnection = await autocannon(url, 1);
          }
          console.error(`${engine} ${name} cache=${cacheMb}MB: ${JSON.stringify(load)}`);
        }
      } finally {
        await app.close();
      }
    }
    const responsiveness = await probeLongReads(database, databaseUrl);
    const viewports: Record<string, ViewportResult> = {};
    for (const [name, r] of Object.entries(partial)) {
      const full = r as ViewportResult;
      full.cachedVsCeiling = Number(
        (full.cached.requestsPerSecond / full.ceiling.requestsPerSecond).toFixed(2),
      );
      full.uncachedVsCeiling = Number(
        (full.uncached.requestsPerSecond / full.ceiling.requestsPerSecond).toFixed(2),
      );
      viewports[name] = full;
    }
    return {
      engine,
      buildings: N,
      durationSeconds: DURATION_S,
      acceptEncoding: ACCEPT_ENCODING,
      connections: CONNECTIONS,
      loadSeconds,
      date: new Date().toISOString(),
      viewports,
      responsiveness,
    };
  } finally {
    await database.close();
    await opened.drop();
  }
}

async function main() {
  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  for (const engine of ENGINES) {
    const result = await runEngine(engine);
    console.log(JSON.stringify(result, null, 2));
    await fs.writeFile(
      path.join(here, 'results', `geojson-${engine}-${N}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
