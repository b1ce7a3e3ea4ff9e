/**
 * Migration 0004 on a database seeded before it: the seeded buildings that
 * `demo` owned move to the system account; nothing else changes hands. On PGlite, and on a fresh
 * PostgreSQL database in the api-postgres project.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from './pglite.ts';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, usesPostgres } from '../test/test-app.ts';
import { migrationsFolder } from './client.ts';
import { SEED_BUILDINGS } from './seed-data/buildings.ts';

/** What both engines offer: a query with parameters answering `{ rows }`. */
interface Client {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

let client: Client;
let migrateTo: (folder: string) => Promise<void>;
let closeAll: () => Promise<void> = async () => undefined;
let before: string;

async function openEngine() {
  if (usesPostgres()) {
    const fresh = await freshPostgres();
    const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
    const db = drizzlePg(pool);
    client = {
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await pool.query(text, params)).rows as T[],
      }),
    };
    migrateTo = (folder) => migratePg(db, { migrationsFolder: folder });
    closeAll = async () => {
      await pool.end();
      await fresh.drop();
    };
    return;
  }
  // With the app's extensions: the migrations after 0004 create pg_trgm and unaccent.
  const lite = await openPglite();
  const db = drizzlePglite(lite);
  client = lite;
  migrateTo = (folder) => migratePglite(db, { migrationsFolder: folder });
  closeAll = () => lite.close();
}

/** The migrations folder as it was before 0004 (0000–0003 and their journal entries). */
async function foldersUpTo0003(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-migrations-'));
  await fs.mkdir(path.join(dir, 'meta'));
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 3);
  await fs.writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    await fs.copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  before = await foldersUpTo0003();
  await openEngine();
  await migrateTo(before);

  // The old seed: every seeded building owned by `demo`. A Google user already holds `atlas`.
  await client.query(`INSERT INTO users (handle) VALUES ('demo')`);
  await client.query(`INSERT INTO users (handle, google_sub) VALUES ('atlas', 'g-atlas'), ('bob', 'g-bob')`);
  for (const b of SEED_BUILDINGS) {
    await client.query(
      `INSERT INTO buildings (name, lng, lat, added_by) VALUES ($1, $2, $3, (SELECT id FROM users WHERE handle = 'demo'))`,
      [b.name, b.lng, b.lat],
    );
  }
  // Not from the seed: demo's own building, a seeded name demo moved, and bob's copy of a seeded one.
  const p = SEED_BUILDINGS[0]!;
  await client.query(
    `INSERT INTO buildings (name, lng, lat, added_by) VALUES
       ('Demo''s own house', 1.5, 2.5, (SELECT id FROM users WHERE handle = 'demo')),
       ($1, $2, $3, (SELECT id FROM users WHERE handle = 'demo')),
       ($1, $4, $3, (SELECT id FROM users WHERE handle = 'bob'))`,
    [p.name, p.lng + 0.5, p.lat, p.lng],
  );

  await migrateTo(migrationsFolder);
});

afterAll(async () => {
  await closeAll();
  if (before) await fs.rm(before, { recursive: true, force: true });
});

describe('migration 0004 on a database seeded earlier', () => {
  it('makes one system account, with a free handle, no Google identity', async () => {
    const system = (
      await client.query<{ handle: string; google_sub: string | null }>(
        `SELECT handle, google_sub FROM users WHERE is_system`,
      )
    ).rows;
    expect(system).toEqual([{ handle: 'atlas_catalogue', google_sub: null }]);
  });

  it('moves exactly the seeded buildings from demo to the system account', async () => {
    const owners = (
      await client.query<{ handle: string; n: number }>(
        `SELECT u.handle, count(*)::int AS n FROM buildings b JOIN users u ON u.id = b.added_by
         GROUP BY u.handle ORDER BY u.handle`,
      )
    ).rows;
    expect(owners).toEqual([
      { handle: 'atlas_catalogue', n: SEED_BUILDINGS.length },
      { handle: 'bob', n: 1 },
      { handle: 'demo', n: 2 },
    ]);
    const demoKeeps = (
      await client.query<{ name: string; lng: number }>(
        `SELECT b.name, b.lng FROM buildings b JOIN users u ON u.id = b.added_by WHERE u.handle = 'demo' ORDER BY b.name`,
      )
    ).rows.map((r) => r.name);
    expect(demoKeeps).toEqual(["Demo's own house", SEED_BUILDINGS[0]!.name].sort());
  });

  it('leaves no helper table behind', async () => {
    const tables = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'seed_catalogue_0004'`,
    );
    expect(tables.rows).toEqual([{ n: 0 }]);
  });
});
