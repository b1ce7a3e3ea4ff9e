/** Opens the database: PGlite under DATA_DIR/db by default, PostgreSQL when a URL is given. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance (kind 'pglite'): the job queue shares its single connection. */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A pooled client that loses its connection while in use (between two statements of a
 * transaction) must neither crash the process nor leak. The pool listens only to idle clients,
 * and an 'error' without a listener is thrown; so every client gets a listener of its own. A
 * client in use is then given back at once, with the error, so the pool drops it: its holder
 * may never give it back (Drizzle's transaction does not when its BEGIN fails), and every leaked
 * client would shrink the pool for good and hang `pool.end()`. The holder's own release later
 * does nothing; its queries fail as the connection is gone.
 */
export function guardLostConnections(pool: pg.Pool, onError: (err: Error) => void): void {
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_err, client) => inUse.delete(client));
  pool.on('connect', (client) =>
    client.on('error', (err) => {
      onError(err);
      if (!inUse.has(client)) return;
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(err);
    }),
  );
}

/** Longest wait for a PostgreSQL connection before a query fails (then the API answers 503). */
export const CONNECTION_TIMEOUT_MS = 2_000;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `dataDir` undefined with no URL gives an in-memory PGlite (tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // Waiting for a connection (a new one, or a free one of the pool) fails after this, so a
      // database that does not answer gives a fast 503 instead of requests that hang.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    guardLostConnections(pool, () => undefined);
    const db = drizzle(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'db');
    await fs.mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzle(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
