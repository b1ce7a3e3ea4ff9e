/**
 * Fresh databases for tests, benchmarks and the cluster test: the one place that creates and
 * drops them.
 *
 * Migrating is done once per run into a template (server/test/global-setup.ts), not once per test
 * file: on PostgreSQL a template database (`CREATE DATABASE x TEMPLATE atlas_template_<hash>`),
 * on PGlite a dump of a migrated data directory that each file loads into a new in-memory
 * instance (`loadDataDir`), which also skips PGlite's initdb. The PostgreSQL template outlives
 * the run; its name has a hash of the migrations, so a changed migration makes a new one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client.ts';

/** A new PostgreSQL database; `drop()` removes it (also while connections are open). */
export interface FreshDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** Runs `fn` on a short-lived connection to the admin database (e.g. `postgres`). */
export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `adminUrl` with its database name replaced. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Creates `<prefix>_<pid>_<random>` on the server of `adminUrl`, empty or as a copy of
 * `template` (a migrated template from {@link ensurePostgresTemplate}).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  opts: { prefix: string; template?: string | undefined },
): Promise<FreshDatabase> {
  const name = `${opts.prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  if (!IDENTIFIER.test(name)) throw new Error(`Not a plain database name: ${name}`);
  if (opts.template !== undefined && !IDENTIFIER.test(opts.template)) {
    throw new Error(`Not a plain database name: ${opts.template}`);
  }
  const from = opts.template ? ` TEMPLATE ${opts.template}` : '';
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${from}`));
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A short hash of every migration file: a template named with it is always the current schema. */
export function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      )
      .sort();
  for (const file of files(migrationsFolder)) {
    hash
      .update(path.relative(migrationsFolder, file))
      .update('\0')
      .update(fs.readFileSync(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

const TEMPLATE_PREFIX = 'atlas_template_';
/** Serializes template creation among test runs sharing one server (any fixed number will do). */
const TEMPLATE_LOCK = 7_202_611;
/** Templates of other migrations unused this long are dropped (other branches may be running). */
const STALE_TEMPLATE_MS = 60 * 60 * 1000;

/**
 * Returns the name of a migrated template database on the server of `adminUrl`, creating it if
 * this migrations hash has none yet. It is marked IS_TEMPLATE and refuses connections, so
 * nothing can hold it open and break `CREATE DATABASE … TEMPLATE`. Templates of other hashes not
 * used for an hour are dropped.
 */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  return withAdmin(adminUrl, async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
      if (found.rowCount === 0) {
        // A half-made one (a run stopped while migrating) is not a template yet.
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${name}`);
        const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      }
      await c.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
      const others = await c.query<{ datname: string; used: string | null }>(
        `SELECT datname, shobj_description(oid, 'pg_database') AS used FROM pg_database
          WHERE datname LIKE '${TEMPLATE_PREFIX}%' AND datname <> $1`,
        [name],
      );
      for (const other of others.rows) {
        const used = Date.parse(other.used ?? '');
        if (Number.isFinite(used) && Date.now() - used < STALE_TEMPLATE_MS) continue;
        await c.query(`ALTER DATABASE ${other.datname} WITH IS_TEMPLATE false`);
        await c.query(`DROP DATABASE IF EXISTS ${other.datname} WITH (FORCE)`);
      }
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}
