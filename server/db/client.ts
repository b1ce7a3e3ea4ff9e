/**
 * Opens the database: PGlite under DATA_DIR/db by default, PostgreSQL when a URL is given. The
 * engines differ only inside server/db: the rest of the server sees one `Database`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import {
  listenPglite,
  listenPostgres,
  type NotificationHandlers,
  type Subscription,
} from './notifications.ts';
import type { PgliteClient } from './pglite-thread-client.ts';
import { PGLITE_SHARED_BUFFERS_MB_DEFAULT } from '../config/database.ts';
import { pgliteExecute, poolExecute, type ExecuteSql } from './raw-sql.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The PostgreSQL advisory lock key migrations run under (any constant that nothing else in the
 * database uses: 'atlas' in ASCII; pg-boss takes locks of its own with other keys).
 */
const MIGRATION_LOCK_KEY = '418565087603';

export type { NotificationHandlers, Subscription } from './notifications.ts';
export type { ExecuteSql } from './raw-sql.ts';
export type { PgliteClient } from './pglite-thread-client.ts';

/** Where the job queue runs its SQL (pg-boss's `db` option). */
export interface QueueConnection {
  execute: ExecuteSql;
  close(): Promise<void>;
}

export interface Database {
  /**
   * Drizzle on this database: queries, `db.transaction(fn)`, and raw statements through
   * `selectRows` (rows.ts). The same on both engines.
   */
  db: Db;
  /** Which engine; for messages only (behaviour that differs lives in this interface). */
  kind: 'pglite' | 'postgres';
  /** LISTEN on `channel` until `close()`; see notifications.ts for how each engine delivers. */
  listen(channel: string, handlers: NotificationHandlers): Promise<Subscription>;
  /**
   * The job queue's connection: PGlite's one in-process connection (shared with `db`), or a pool
   * of its own of `maxConnections` on PostgreSQL.
   */
  openQueueConnection(opts: {
    maxConnections: number;
    log: { warn(obj: object, msg: string): void };
  }): QueueConnection;
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

/** The embedded instance behind a Database, for `createPgliteTemplate` and the tests' pool. */
const pgliteOf = new WeakMap<Database, PgliteClient>();

/** The PGlite (in this thread or in its own) a Database of openDatabase() runs on (undefined on PostgreSQL). */
export function pgliteClientOf(database: Database): PgliteClient | undefined {
  return pgliteOf.get(database);
}

/** Longest wait for a PostgreSQL connection before a query fails (then the API answers 503). */
export const CONNECTION_TIMEOUT_MS = 2_000;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite's start parameters: its defaults plus our memory settings. PostgreSQL's initdb writes
 * `shared_buffers = 128MB` into postgresql.conf, and PGlite touches the whole pool at start: it
 * was ≈ 125 MB of the embedded server's ≈ 400 MB idle. A `-c` start parameter overrides the file,
 * so data directories made before this setting get it too. Only one backend ever runs, so a
 * connection table sized for 100 is useless as well.
 */
export function pgliteStartParams(
  PGliteClass: { defaultStartParams: string[] },
  sharedBuffersMb: number,
): string[] {
  return [
    ...PGliteClass.defaultStartParams,
    '-c',
    `shared_buffers=${sharedBuffersMb}MB`,
    '-c',
    'max_connections=5',
  ];
}

/**
 * A first start on an empty data directory runs initdb in a child process that exits when done.
 * Inside the server, PGlite's initdb makes a second PGlite instance and the initdb program beside
 * the one the server keeps; their ≈ 400 MB of WebAssembly memory then stays in the server's
 * resident set until a full garbage collection that may not come for a long time.
 */
async function initDataDirInChild(dir: string, startParams: string[]): Promise<void> {
  const { spawn } = await import('node:child_process');
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  const code = `const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
const db = new PGlite(${JSON.stringify(dir)}, { startParams: ${JSON.stringify(startParams)} });
await db.waitReady;
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    // The same memory flags as npm start: ≈ 50 MB less at the peak.
    const flags = ['--max-semi-space-size=1', '--v8-pool-size=1'];
    const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', code], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (exitCode) =>
      exitCode === 0
        ? resolve()
        : reject(new Error(`initdb of ${dir} failed (${exitCode}): ${stderr.trim()}`)),
    );
  });
}

/**
 * `dataDir` undefined with no URL gives an in-memory PGlite (tests); `pgliteTemplate`, a
 * `dumpDataDir` tarball, starts that in-memory instance as a copy of it (server/test/databases.ts).
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /**
   * PostgreSQL cancels any statement of the app's pool running longer than this (SQLSTATE 57014;
   * the API answers 503). 0 or undefined: no limit. Migrations run on a connection of their own
   * without it. The embedded PGlite cannot cancel a running statement, so it is not applied there
   * (docs/deploy.md).
   */
  statementTimeoutMs?: number | undefined;
  pgliteTemplate?: Blob | undefined;
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number | undefined;
  /** Where the build's empty cluster is looked for (dist/pglite; tests choose their own). */
  pgliteClusterDir?: string | undefined;
  /**
   * Run PGlite in a worker thread (pglite-thread-client.ts), so that a long statement does not
   * stall the caller's event loop. Default: on a data directory (the server, its CLI and
   * scripts); off in memory (unit and API tests, for speed; TEST_PGLITE_THREAD=1 turns it on).
   */
  pgliteThread?: boolean | undefined;
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
      // Sent at connect time: every statement of every pooled connection is limited.
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    guardLostConnections(pool, () => undefined);
    const db = drizzle(pool, { schema });
    const url = opts.databaseUrl;
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => listenPostgres(url, channel, handlers),
      openQueueConnection: ({ maxConnections, log }) => {
        // Workers' fetches and completions, enqueues from requests, and maintenance.
        const own = new pg.Pool({
          connectionString: url,
          max: maxConnections,
          application_name: 'atlas-jobs',
        });
        own.on('error', (err) => log.warn({ err }, 'job queue: idle database connection lost'));
        // A connection lost while in use must neither crash the process nor leak.
        guardLostConnections(own, (err) => log.warn({ err }, 'job queue: database connection lost'));
        return { execute: poolExecute(own), close: () => own.end() };
      },
      // A migration may rewrite a large table: it runs without the statement limit, on a
      // connection of its own. Processes that start at once (API processes and workers of a
      // release) each migrate: they take turns under an advisory lock held by that connection,
      // and the ones after the first find nothing left to apply. Without it, two processes on an
      // empty database both created the same tables and one failed.
      migrate: async () => {
        const own = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
        own.on('error', () => undefined);
        try {
          const client = await own.connect();
          try {
            // Held by the session: it ends with the connection if the process dies.
            await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
            try {
              // The migrator runs on this very connection (the one holding the lock).
              await migrate(drizzle(client, { schema }), { migrationsFolder });
            } finally {
              await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
            }
          } finally {
            client.release();
          }
        } finally {
          await own.end();
        }
      },
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { openPglite }, { readEmptyCluster }, { openPgliteThread }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite.ts'),
    import('./pglite-cluster.ts'),
    import('./pglite-thread-client.ts'),
  ]);
  const startParams = pgliteStartParams(
    PGlite,
    opts.pgliteSharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB_DEFAULT,
  );
  let dir: string | undefined;
  let emptyCluster: Blob | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'db');
    await fs.mkdir(dir, { recursive: true });
    const exists = await fs.stat(path.join(dir, 'PG_VERSION')).then(
      () => true,
      () => false,
    );
    if (!exists) {
      // The build's empty cluster, unpacked by the server's own instance; initdb without it.
      emptyCluster = await readEmptyCluster(opts.pgliteClusterDir);
      if (!emptyCluster) await initDataDirInChild(dir, startParams);
    }
  }
  // Tests: an in-memory copy of the run's migrated template (server/test/databases.ts).
  const loadDataDir = dir ? emptyCluster : opts.pgliteTemplate;
  const client: PgliteClient =
    (opts.pgliteThread ?? dir !== undefined)
      ? await openPgliteThread({
          dataDir: dir,
          startParams,
          loadDataDir: loadDataDir ? await loadDataDir.arrayBuffer() : undefined,
        })
      : await openPglite(dir, { startParams, ...(loadDataDir ? { loadDataDir } : {}) });
  const database = await pgliteDatabase(client);
  pgliteOf.set(database, client);
  return database;
}

/**
 * The Database on an open PGlite; closing it closes the PGlite. Also used by the tests' pool of
 * instances (server/test/pglite-pool.ts), with a client whose `close` gives the instance back.
 */
export async function pgliteDatabase(client: PgliteClient): Promise<Database> {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // Drizzle's PGlite session calls only `query` (with rowMode and identity parsers) and
  // `transaction` (then `query` on the transaction), which every PgliteClient has; its type asks
  // for the whole PGlite class.
  const db = drizzle(client as unknown as PGlite, { schema });
  return {
    db,
    kind: 'pglite',
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    // The one connection is shared: closing the database closes it.
    openQueueConnection: () => ({ execute: pgliteExecute(client), close: async () => undefined }),
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** A migrated in-memory PGlite's data directory as a tarball, for `openDatabase({ pgliteTemplate })`. */
export async function createPgliteTemplate(): Promise<Blob> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const pglite = pgliteOf.get(database);
    if (!pglite) throw new Error('openDatabase({}) gave no PGlite');
    return await pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
}
