/**
 * The map data version: a row the database raises (triggers of migration 0002) whenever something
 * the map shows changes, announced on a notification channel. Cached map bodies are keyed by it.
 */
import { sql } from 'drizzle-orm';
import type { Client as PgClient } from 'pg';
import type { Database, Db } from '../../db/client.ts';
import { selectRows } from './buildings.queries.ts';
import { FreshReader } from './map-cache.ts';

/** Channel on which the version triggers announce each new map data version (migration 0002). */
export const MAP_VERSION_CHANNEL = 'atlas_map_version';

export async function readMapVersion(db: Db): Promise<number> {
  // A plain statement: this runs for every map request on PostgreSQL, and the query builder costs more than the query.
  const rows = await selectRows<{ version: number | string }>(
    db,
    sql`SELECT version FROM map_data_version WHERE id = 1`,
  );
  return Number(rows[0]?.version ?? 0);
}

/** Where a process learns the current map data version. */
export interface MapVersionSource {
  current(): Promise<number>;
  /** Reads the version now (after a write of this process committed, so its next reads see it). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite lives in this process and delivers a commit's notifications before the commit returns,
 * so the version kept from them is always current. On PostgreSQL a dedicated connection LISTENs:
 * changes show as soon as their notification arrives (a few milliseconds; at once for this
 * process's own building writes, which call `refresh`). While that connection is down every
 * request reads the version (one read per burst of requests) until it is back.
 */
export async function mapVersionSource(
  database: Database,
  databaseUrl: string | undefined,
): Promise<MapVersionSource> {
  const { pglite } = database;
  if (database.kind === 'pglite' && pglite) {
    let version = await readMapVersion(database.db);
    const unlisten = await pglite.listen(MAP_VERSION_CHANNEL, (payload) => {
      const v = Number(payload);
      if (Number.isFinite(v) && v > version) version = v;
    });
    return {
      current: () => Promise.resolve(version),
      refresh: async () => undefined,
      close: async () => {
        // The database may already be closed when the app shuts down.
        await unlisten().catch(() => undefined);
      },
    };
  }
  const listener = new PgVersionListener(database.db, databaseUrl);
  await listener.start();
  return listener;
}

const RECONNECT_MS = 1000;

class PgVersionListener implements MapVersionSource {
  /** null while not listening: then each request reads the version. */
  private version: number | null = null;
  private readonly reader: FreshReader<number>;
  private client: PgClient | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly url: string | undefined,
  ) {
    this.reader = new FreshReader(() => readMapVersion(db));
  }

  async start(): Promise<void> {
    if (!this.url) return;
    try {
      await this.connect(this.url);
    } catch {
      this.scheduleReconnect();
    }
  }

  current(): Promise<number> {
    return this.version !== null ? Promise.resolve(this.version) : this.reader.current();
  }

  async refresh(): Promise<void> {
    this.adopt(await readMapVersion(this.db));
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private adopt(v: number) {
    if (this.version !== null && Number.isFinite(v) && v > this.version) this.version = v;
  }

  private async connect(url: string) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url, application_name: 'atlas-map-version' });
    client.on('notification', (msg) => {
      if (msg.channel === MAP_VERSION_CHANNEL) this.adopt(Number(msg.payload));
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.version = null;
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    this.client = client;
    await client.query(`LISTEN ${MAP_VERSION_CHANNEL}`);
    // Read after LISTEN: commits before it are in the value, later ones are notified.
    this.version = await readMapVersion(this.db);
  }

  private scheduleReconnect() {
    if (this.closing || this.retry || !this.url) return;
    const url = this.url;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect(url).catch(() => this.scheduleReconnect());
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
