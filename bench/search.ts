/**
 * `npm run bench:search`: GET /api/search's queries at scale. Loads generated buildings
 * (realistic multi-word names, cities and addresses) and architects (each building linked to one)
 * into a fresh database, then times the search service (the same function the route calls: three
 * SQL queries and the in-memory places) for 1-, 2- and 3-word queries and a typo, and reports
 * p50/p95 and the sizes of the search indexes. Results go to bench/results/search-<engine>-<n>.json.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search
 *   BENCH_SEARCH_ENGINES=pglite,postgres  BENCH_SEARCH_PG_N=1000000  BENCH_SEARCH_PGLITE_N=100000
 *   BENCH_SEARCH_RUNS=40 (timed runs per query)
 *   BENCH_SEARCH_KEEP_DB=<name> (PostgreSQL: load into that database once and keep it, so later runs
 *     only migrate and time; drop it yourself afterwards)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../server/db/client.ts';
import { search } from '../server/modules/search/search.service.ts';
import { MediaUrls } from '../server/storage/media-url.ts';

/** Cover image URLs are built as on a local install (the benchmark has no images). */
const media = new MediaUrls('/media');
import { selectRows } from '../server/db/rows.ts';
import { rng } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const POSTGRES_URL = env.BENCH_DATABASE_URL;
type Engine = 'pglite' | 'postgres';
const ENGINES = (env.BENCH_SEARCH_ENGINES ?? (POSTGRES_URL ? 'pglite,postgres' : 'pglite')).split(
  ',',
) as Engine[];
const SIZES: Record<Engine, number> = {
  postgres: Number(env.BENCH_SEARCH_PG_N ?? 1_000_000),
  pglite: Number(env.BENCH_SEARCH_PGLITE_N ?? 100_000),
};
const RUNS = Number(env.BENCH_SEARCH_RUNS ?? 40);

const KINDS = [
  'Casa',
  'Villa',
  'Palazzo',
  'Tower',
  'House',
  'Hall',
  'Chapel',
  'Library',
  'Museum',
  'Station',
  'Pavilion',
  'Church',
  'Theatre',
  'Bridge',
  'Market',
  'School',
];
const WORDS = [
  'Moretti',
  'Lindqvist',
  'Okafor',
  'Tanaka',
  'Hernández',
  'Dubois',
  'Kowalski',
  'Nakamura',
  'Ferreira',
  'Schäfer',
  'Olsen',
  'Rossi',
  'Novák',
  'Castillo',
  'Haddad',
  'Ivanova',
  'Murphy',
  'Costa',
  'Yilmaz',
  'Brennan',
  'Aurora',
  'Harbour',
  'Crescent',
  'Meridian',
  'Cedar',
  'Granite',
  'Lantern',
  'Orchard',
  'Beacon',
  'Willow',
  'Summit',
  'Falcon',
  'Riverside',
  'Northgate',
  'Sunrise',
  'Ashford',
  'Bellevue',
  'Kingsley',
  'Marlowe',
  'Prescott',
];
const CITIES = [
  'Barcelona',
  'Paris',
  'London',
  'Berlin',
  'New York',
  'Tokyo',
  'Beijing',
  'Delhi',
  'Rio de Janeiro',
  'Buenos Aires',
  'Cairo',
  'Lagos',
  'Sydney',
  'Auckland',
  'Moscow',
  'Istanbul',
  'Singapore',
  'Mexico City',
  'São Paulo',
  'Kraków',
];
const STREETS = [
  'Main Street',
  'Rue de la Paix',
  'Gran Via',
  'High Street',
  'Hauptstraße',
  'Avenida Paulista',
  'Nevsky Prospekt',
  'Orchard Road',
  'Via Roma',
  'Calle Mayor',
];
const FIRST = [
  'Anna',
  'Luis',
  'Mei',
  'Omar',
  'Sofia',
  'Jan',
  'Amara',
  'Kenji',
  'Lucía',
  'Pieter',
  'Ingrid',
  'Rafael',
  'Zeynep',
  'Tomás',
  'Aiko',
  'Nils',
  'Chloé',
  'Dmitri',
  'Fatima',
  'Hugo',
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Each query kind with several texts, so the timings are not one lucky plan. */
const QUERIES: Record<string, string[]> = {
  '1 word': ['moretti', 'pavilion', 'granite', 'kowalski', 'barcelona', 'lantern'],
  '2 words': [
    'villa moretti',
    'tower tanaka',
    'casa hernandez',
    'chapel aurora',
    'museum falcon',
    'hall willow',
  ],
  '3 words': [
    'villa moretti barcelona',
    'tower tanaka tokyo',
    'library cedar paris',
    'market olsen berlin',
    'church rossi sydney',
    'school costa lagos',
  ],
  typo: ['vila moreti', 'towr tanaka', 'kowalsky', 'hernandes', 'pavillion', 'granit hous'],
};

async function execute(db: Db, query: string) {
  await db.execute(sql.raw(query));
}

const SEARCH_INDEXES = [
  `CREATE INDEX IF NOT EXISTS "buildings_search_text_trgm_idx" ON "buildings" USING gin ("search_text" gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "buildings_search_name_prefix_idx" ON "buildings" USING btree ("search_name" text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "architects_name_key_trgm_idx" ON "architects" USING gin ("name_key" gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "architects_name_key_prefix_idx" ON "architects" USING btree ("name_key" text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "buildings_search_text_words_idx" ON "buildings" USING gin (to_tsvector('simple'::regconfig, "search_text"))`,
  `CREATE INDEX IF NOT EXISTS "architects_name_key_words_idx" ON "architects" USING gin (to_tsvector('simple'::regconfig, "name_key"))`,
];

/** Loads n buildings and n/10 architects; the search indexes are built once at the end (faster). */
async function load(db: Db, n: number): Promise<{ loadS: number; indexS: number }> {
  const started = performance.now();
  for (const i of [
    'buildings_search_text_trgm_idx',
    'buildings_search_name_prefix_idx',
    'architects_name_key_trgm_idx',
    'architects_name_key_prefix_idx',
    'buildings_search_text_words_idx',
    'architects_name_key_words_idx',
  ])
    await execute(db, `DROP INDEX IF EXISTS ${i}`);
  for (const t of ['building_grid_insert', 'buildings_map_version_insert_delete'])
    await execute(db, `ALTER TABLE buildings DISABLE TRIGGER ${t}`);
  const random = rng(17);
  const batch = 5000;
  for (let start = 0; start < n; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + batch); i++) {
      rows.push({
        name: `${pick(random, KINDS)} ${pick(random, WORDS)}${random() < 0.3 ? ` ${pick(random, WORDS)}` : ''}`,
        city: pick(random, CITIES),
        address_line1: `${1 + Math.floor(random() * 300)} ${pick(random, STREETS)}`,
        lng: (random() - 0.5) * 340,
        lat: (random() - 0.5) * 160,
        year_built: 1000 + Math.floor(random() * 1025),
      });
    }
    await db.execute(sql`
      INSERT INTO buildings (name, city, address_line1, lng, lat, year_built)
      SELECT name, city, address_line1, lng, lat, year_built
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(name text, city text, address_line1 text, lng float8, lat float8, year_built int)`);
  }
  const architects = Math.max(1, Math.floor(n / 10));
  for (let start = 0; start < architects; start += batch) {
    const names = [];
    for (let i = start; i < Math.min(architects, start + batch); i++) {
      // Unique by construction: the number keeps generated names apart.
      names.push(`${pick(random, FIRST)} ${pick(random, WORDS)} ${i}`);
    }
    await db.execute(
      sql`INSERT INTO architects (name) SELECT jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)`,
    );
  }
  await execute(
    db,
    `INSERT INTO building_architects (building_id, architect_id)
     SELECT b.id, 1 + (b.id::bigint * 7919) % ${architects} FROM buildings b`,
  );
  await execute(db, 'SELECT building_grid_rebuild()');
  for (const t of ['building_grid_insert', 'buildings_map_version_insert_delete'])
    await execute(db, `ALTER TABLE buildings ENABLE TRIGGER ${t}`);
  const loaded = performance.now();
  for (const create of SEARCH_INDEXES) await execute(db, create);
  for (const t of ['buildings', 'architects', 'building_architects', 'architectural_styles'])
    await execute(db, `VACUUM ANALYZE ${t}`);
  return { loadS: (loaded - started) / 1000, indexS: (performance.now() - loaded) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(db: Db, q: string): Promise<number> {
  const t0 = performance.now();
  await search(db, media, { q, limit: 10 });
  return performance.now() - t0;
}

async function indexSizes(db: Db): Promise<Record<string, string>> {
  const rows = await selectRows<{ name: string; size: string }>(
    db,
    sql`SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS size
        FROM pg_class c WHERE c.relkind = 'i' AND (c.relname LIKE '%search%' OR c.relname LIKE 'architects_%')
        ORDER BY c.relname`,
  );
  const table = await selectRows<{ size: string }>(
    db,
    sql`SELECT pg_size_pretty(pg_total_relation_size('buildings')) AS size`,
  );
  return {
    ...Object.fromEntries(rows.map((r) => [r.name, r.size])),
    'buildings (table, total)': table[0]!.size,
  };
}

async function openBench(
  engine: Engine,
): Promise<{ database: Database; loaded: boolean; drop(): Promise<void> }> {
  if (engine === 'pglite')
    return { database: await openDatabase({}), loaded: false, drop: async () => undefined };
  if (!POSTGRES_URL) throw new Error('postgres needs BENCH_DATABASE_URL');
  const keep = env.BENCH_SEARCH_KEEP_DB;
  if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_SEARCH_KEEP_DB: a plain lowercase name');
  const name = keep ?? `atlas_bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  // A kept database counts as loaded once its architects are in (they are inserted after the buildings).
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const loaded =
    exists &&
    (await selectRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM building_architects`).catch(
      () => [{ n: 0 }],
    ))[0]!.n > 0;
  return {
    database,
    loaded,
    async drop() {
      if (keep) return;
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** BENCH_SEARCH_EXPLAIN=<text>: the building query's plan, to see where the time goes. */
async function explain(db: Db, q: string) {
  const rows = await selectRows<Record<string, string>>(
    db,
    sql`EXPLAIN (ANALYZE, BUFFERS) SELECT b.id FROM buildings b, (SELECT atlas_search_norm(${q}) AS k) q
        WHERE q.k <> '' AND (b.search_name LIKE q.k || '%' OR (length(q.k) >= 3 AND q.k <% b.search_text))
        ORDER BY word_similarity(q.k, b.search_text) DESC LIMIT 10`,
  );
  console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
}

async function runEngine(engine: Engine) {
  const n = SIZES[engine];
  const bench = await openBench(engine);
  const { database } = bench;
  try {
    await database.migrate();
    let loadS = 0;
    let indexS = 0;
    if (bench.loaded) console.log(`${engine}: reusing ${env.BENCH_SEARCH_KEEP_DB} (loaded before)`);
    else {
      console.log(`${engine}: loading ${n} buildings and ${Math.floor(n / 10)} architects...`);
      ({ loadS, indexS } = await load(database.db, n));
      console.log(`${engine}: loaded in ${loadS.toFixed(0)} s, search indexes built in ${indexS.toFixed(0)} s`);
    }
    if (env.BENCH_SEARCH_EXPLAIN) await explain(database.db, env.BENCH_SEARCH_EXPLAIN);
    const results: Record<string, { p50Ms: number; p95Ms: number; runs: number }> = {};
    // Warm up: the gazetteer, the plans and the caches.
    for (const texts of Object.values(QUERIES)) for (const q of texts) await time(database.db, q);
    for (const [kind, texts] of Object.entries(QUERIES)) {
      const samples: number[] = [];
      for (let r = 0; r < RUNS; r++) for (const q of texts) samples.push(await time(database.db, q));
      samples.sort((a, b) => a - b);
      results[kind] = {
        p50Ms: Number(percentile(samples, 50).toFixed(2)),
        p95Ms: Number(percentile(samples, 95).toFixed(2)),
        runs: samples.length,
      };
      console.log(
        `${engine} ${n}: ${kind.padEnd(8)} p50 ${results[kind].p50Ms} ms, p95 ${results[kind].p95Ms} ms`,
      );
    }
    const sizes = await indexSizes(database.db);
    console.log(`${engine} ${n}: index sizes`, sizes);
    const example = await search(database.db, media, { q: 'villa moretti', limit: 5 });
    const out = {
      engine,
      buildings: n,
      architects: Math.floor(n / 10),
      loadS,
      indexS,
      results,
      indexSizes: sizes,
      example,
    };
    await fs.mkdir(path.join(here, 'results'), { recursive: true });
    await fs.writeFile(
      path.join(here, 'results', `search-${engine}-${n}.json`),
      `${JSON.stringify(out, null, 2)}\n`,
    );
  } finally {
    await database.close();
    await bench.drop();
  }
}

async function main() {
  for (const engine of ENGINES) await runEngine(engine);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
