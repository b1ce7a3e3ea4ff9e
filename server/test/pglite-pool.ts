/**
 * The API tests' in-memory PGlite instances, kept per worker and lent to one test app at a time
 * (test-app.ts). Opening one from the run's migrated template costs 0.9–1.5 CPU-s (the 42 MB
 * tarball unpacked into memory, PostgreSQL's start-up): about 100 CPU-s for the server project's
 * 69 opens. Closing a lent database gives its instance back instead: it is reset to the state
 * it was opened in (what the tests changed truncated, the template's rows put back, sequences,
 * session and schemas restored) and then checked against a fingerprint taken when it was
 * opened: every schema, relation, function, trigger, type, role, setting, sequence and table
 * content. An instance that differs in anything is closed instead of kept, so a test never sees
 * another's data or settings.
 *
 * A lent database behaves as a fresh one: after its `close()`, every call on it throws, as on a
 * closed PGlite, and its LISTENs are ended, so a late call of a closed app cannot reach the next.
 */
import { pgliteClientOf, pgliteDatabase, type Database, type PgliteClient } from '../db/client.ts';
import { tableFingerprintSql } from './db-snapshot.ts';

/** Idle instances kept per worker; more given back at once are closed (each holds ~130 MB). */
const MAX_IDLE = 2;

interface Pooled {
  client: PgliteClient;
  /** The fingerprint when opened (see fingerprint()). */
  print: string;
  /** Per table: its fingerprint and, for those with rows, the rows as JSON. */
  tables: Map<string, { print: string; rows: string | null }>;
  /** Per sequence: its last value when opened (null: never used). */
  sequences: Map<string, string | null>;
  schemas: Set<string>;
}

const idle: Pooled[] = [];

/** Schemas of the database's own objects (PostgreSQL's catalogue and temporary schemas left out). */
const OWN = (column: string) =>
  `${column} NOT IN ('pg_catalog', 'information_schema') AND ${column} NOT LIKE 'pg\\_toast%' AND ${column} NOT LIKE 'pg\\_temp\\_%'`;

/**
 * Lists, one string each, of everything a test could add or change outside the tables' rows.
 * Settings: those not at their default (an extension's own appear once its library is loaded).
 */
const CATALOGUE = `SELECT
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT nspname AS x FROM pg_namespace WHERE ${OWN('nspname')}) s) AS schemas,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT n.nspname || '.' || c.relname || ':' || c.relkind::text AS x
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${OWN('n.nspname')}) s) AS relations,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS x
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${OWN('n.nspname')}) s) AS functions,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT n.nspname || '.' || t.typname AS x
     FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${OWN('n.nspname')}) s) AS types,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT e.enumtypid::regtype::text || '=' || e.enumlabel AS x FROM pg_enum e) s) AS enum_labels,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text AS x
     FROM pg_trigger WHERE NOT tgisinternal) s) AS triggers,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT rolname AS x FROM pg_roles) s) AS roles,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT datname AS x FROM pg_database) s) AS databases,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT extname || '@' || extversion AS x FROM pg_extension) s) AS extensions,
  (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT name || '=' || coalesce(setting, '') || ':' || source AS x FROM pg_settings WHERE source <> 'default') s) AS settings`;

const SEQUENCES = `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text AS value
  FROM pg_sequences WHERE ${OWN('schemaname')} ORDER BY 1`;

const TABLES = `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND ${OWN('n.nspname')} ORDER BY 1`;

async function rows<T>(client: PgliteClient, text: string, params?: unknown[]): Promise<T[]> {
  return (await client.query<T>(text, params)).rows;
}

/** Per table, its row count and an md5 of its rows as text, in one statement. */
async function tablePrints(client: PgliteClient): Promise<Map<string, string>> {
  const tables = (await rows<{ name: string }>(client, TABLES)).map((t) => t.name);
  if (tables.length === 0) return new Map();
  const found = await rows<{ name: string; rows: number | string; md5: string | null }>(
    client,
    tableFingerprintSql(tables),
  );
  return new Map(found.map((r) => [r.name, `${r.rows}:${r.md5 ?? ''}`]));
}

async function ownSchemas(client: PgliteClient): Promise<string[]> {
  const found = await rows<{ nspname: string }>(
    client,
    `SELECT nspname FROM pg_namespace WHERE ${OWN('nspname')}`,
  );
  return found.map((s) => s.nspname);
}

async function sequenceValues(client: PgliteClient): Promise<Map<string, string | null>> {
  const found = await rows<{ name: string; value: string | null }>(client, SEQUENCES);
  return new Map(found.map((s) => [s.name, s.value]));
}

/** Everything compared when an instance comes back, as one string. */
async function fingerprint(client: PgliteClient): Promise<string> {
  const [catalogue] = await rows<Record<string, string | null>>(client, CATALOGUE);
  return JSON.stringify({
    catalogue,
    tables: [...(await tablePrints(client))],
    sequences: [...(await sequenceValues(client))],
  });
}

/** Takes what reset() needs from an instance just opened from the template. */
async function remember(client: PgliteClient): Promise<Pooled> {
  const prints = await tablePrints(client);
  const tables = new Map<string, { print: string; rows: string | null }>();
  for (const [name, print] of prints) {
    const [saved] = await rows<{ rows: string | null }>(
      client,
      `SELECT json_agg(r)::text AS rows FROM ${name} r`,
    );
    tables.set(name, { print, rows: saved?.rows ?? null });
  }
  return {
    client,
    print: await fingerprint(client),
    tables,
    sequences: await sequenceValues(client),
    schemas: new Set(await ownSchemas(client)),
  };
}

/** Puts the instance back as remember() found it; true when its fingerprint then matches. */
async function reset(pooled: Pooled): Promise<boolean> {
  const { client } = pooled;
  // A transaction left open (PostgreSQL only warns when there is none), then the session's
  // settings, prepared statements, temporary tables, LISTENs and advisory locks.
  await client.exec('ROLLBACK');
  await client.exec('DISCARD ALL');
  for (const nspname of await ownSchemas(client)) {
    // pg-boss makes its schema when a queue starts: a fresh database has none.
    if (!pooled.schemas.has(nspname))
      await client.exec(`DROP SCHEMA "${nspname.replaceAll('"', '""')}" CASCADE`);
  }
  const now = await tablePrints(client);
  const changed = [...now]
    .filter(([name, print]) => pooled.tables.get(name)?.print !== print)
    .map(([name]) => name);
  if (changed.length > 0) {
    await client.transaction(async (tx) => {
      // The app's triggers stay out of it (emptying buildings would bump map_data_version).
      await tx.exec(`SET LOCAL session_replication_role = replica`);
      await tx.exec(`TRUNCATE ${changed.join(', ')} RESTART IDENTITY CASCADE`);
      for (const name of changed) {
        const saved = pooled.tables.get(name)?.rows;
        if (saved)
          await tx.query(`INSERT INTO ${name} SELECT * FROM json_populate_recordset(NULL::${name}, $1)`, [
            saved,
          ]);
      }
    });
  }
  for (const [name, value] of await sequenceValues(client)) {
    const was = pooled.sequences.get(name);
    if (was === undefined || was === value) continue;
    if (was === null) await client.exec(`ALTER SEQUENCE ${name} RESTART`);
    else await client.query(`SELECT setval($1, $2::bigint, true)`, [name, was]);
  }
  return (await fingerprint(client)) === pooled.print;
}

/** Closes what is idle (the end of a worker's run; tests of the pool). */
export async function drainPglitePool(): Promise<void> {
  for (const pooled of idle.splice(0)) await pooled.client.close();
}

export function idlePgliteCount(): number {
  return idle.length;
}

/**
 * A database on an idle instance of this worker, or on a new one `open()` makes (an in-memory
 * PGlite from the template). Its `close()` gives the instance back.
 */
export async function lendPglite(open: () => Promise<Database>): Promise<Database> {
  let pooled = idle.pop();
  if (!pooled) {
    const opened = await open();
    const client = pgliteClientOf(opened);
    if (!client) throw new Error('lendPglite: open() gave no PGlite database');
    try {
      pooled = await remember(client);
    } catch (err) {
      await opened.close();
      throw err;
    }
  }
  return lend(pooled);
}

function closedError(): Error {
  return new Error('PGlite is closed');
}

async function lend(pooled: Pooled): Promise<Database> {
  const { client } = pooled;
  let ended = false;
  const unlistens = new Set<() => Promise<void>>();

  const giveBack = async () => {
    if (ended) return;
    ended = true;
    let clean = false;
    try {
      for (const unlisten of [...unlistens]) await unlisten();
      clean = await reset(pooled);
    } catch {
      clean = false; // closed below, as an instance that cannot be put back
    }
    if (clean && idle.length < MAX_IDLE) idle.push(pooled);
    else await client.close();
  };

  const listen: PgliteClient['listen'] = async (channel, callback) => {
    if (ended) throw closedError();
    const unlisten = await client.listen(channel, callback);
    const once = async () => {
      if (!unlistens.delete(once)) return;
      await unlisten();
    };
    unlistens.add(once);
    return once;
  };

  const guarded = new Proxy(client, {
    get(target, property) {
      if (property === 'close') return giveBack;
      if (property === 'listen') return listen;
      if (property === 'closed') return ended || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        if (ended) throw closedError();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return pgliteDatabase(guarded);
}
