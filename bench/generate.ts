/** Synthetic buildings clustered around real cities, for benchmarks. Deterministic per seed. */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';

const CITIES: readonly [number, number][] = [
  [2.35, 48.86],
  [-0.13, 51.51],
  [13.4, 52.52],
  [-74.0, 40.71],
  [-118.24, 34.05],
  [139.69, 35.69],
  [116.4, 39.9],
  [77.21, 28.61],
  [-43.2, -22.91],
  [-58.38, -34.6],
  [31.24, 30.04],
  [3.38, 6.52],
  [151.21, -33.87],
  [174.76, -36.85],
  [37.62, 55.76],
  [28.98, 41.01],
  [103.82, 1.35],
  [-99.13, 19.43],
];

/** A small deterministic PRNG (mulberry32) so every run loads the same data. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Row triggers that follow each insert; a bulk load turns them off and rebuilds the grid once. */
const GRID_TRIGGERS = ['building_grid_insert', 'buildings_map_version_insert_delete'];

export interface LoadOptions {
  seed?: number;
  /**
   * Bulk mode (default): the grid triggers are switched off during the load and the grid is
   * rebuilt from the table at the end (`building_grid_rebuild()`), which is several times faster
   * than maintaining 17 levels per insert statement; the result is the same grid.
   */
  bulk?: boolean;
  /**
   * Keep every building inside this box (degrees): only the cities inside it are used, and the
   * country-wide 20% are clamped to it. The browser benchmark puts all of them in the start view.
   */
  area?: Area;
}

export interface Area {
  west: number;
  south: number;
  east: number;
  north: number;
}

const WORLD: Area = { west: -180, south: -85, east: 180, north: 85 };

/**
 * Inserts n buildings in batched `unnest` inserts (field notes: no COPY into PGlite), 80% close
 * to one of 18 cities and 20% scattered over the country around it, with years 1000-2024.
 */
export async function loadBuildings(db: Db, n: number, opts: LoadOptions = {}): Promise<void> {
  const { seed = 1, bulk = true, area = WORLD } = opts;
  const random = rng(seed);
  const cities = CITIES.filter(
    ([lng, lat]) => lng >= area.west && lng <= area.east && lat >= area.south && lat <= area.north,
  );
  if (cities.length === 0) throw new Error(`No city lies inside ${JSON.stringify(area)}`);
  if (bulk) {
    for (const trigger of GRID_TRIGGERS)
      await db.execute(sql.raw(`ALTER TABLE buildings DISABLE TRIGGER ${trigger}`));
  }
  try {
    await insertGenerated(db, n, random, cities, area);
    if (bulk) await db.execute(sql`SELECT building_grid_rebuild()`);
  } finally {
    if (bulk) {
      for (const trigger of GRID_TRIGGERS)
        await db.execute(sql.raw(`ALTER TABLE buildings ENABLE TRIGGER ${trigger}`));
    }
  }
  // As autovacuum would leave them: statistics, and a visibility map for index-only scans.
  await db.execute(sql`VACUUM ANALYZE buildings`);
  await db.execute(sql`VACUUM ANALYZE building_grid_counts`);
}

async function insertGenerated(
  db: Db,
  n: number,
  random: () => number,
  cities: readonly [number, number][],
  area: Area,
): Promise<void> {
  const batch = 2000;
  for (let start = 0; start < n; start += batch) {
    const rows: { lng: number; lat: number; year: number }[] = [];
    for (let i = start; i < Math.min(n, start + batch); i++) {
      const city = cities[Math.floor(random() * cities.length)]!;
      // 80% near a city (within ~0.3°), 20% anywhere in the city's country-sized neighbourhood.
      const spread = random() < 0.8 ? 0.3 : 6;
      const lng = Math.max(area.west, Math.min(area.east, city[0] + (random() - 0.5) * 2 * spread));
      const lat = Math.max(area.south, Math.min(area.north, city[1] + (random() - 0.5) * 2 * spread));
      rows.push({ lng, lat, year: 1000 + Math.floor(random() * 1025) });
    }
    await db.execute(sql`
      INSERT INTO buildings (name, description, lng, lat, year_built)
      SELECT 'Bench building ' || g.i, 'Generated for benchmarks', g.lng, g.lat, g.year
      FROM unnest(
        ${sql.raw(`ARRAY[${rows.map((_, k) => start + k).join(',')}]::int[]`)},
        ${sql.raw(`ARRAY[${rows.map((r) => r.lng).join(',')}]::float8[]`)},
        ${sql.raw(`ARRAY[${rows.map((r) => r.lat).join(',')}]::float8[]`)},
        ${sql.raw(`ARRAY[${rows.map((r) => r.year).join(',')}]::int[]`)}
      ) AS g(i, lng, lat, year)`);
  }
}
