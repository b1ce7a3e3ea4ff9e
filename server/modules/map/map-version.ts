/**
 * The map data version: a row the database raises (triggers of migration 0002) whenever something
 * the map shows changes, announced on a notification channel. Cached map bodies are keyed by it.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db, Subscription } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
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
 * The version kept from the database's notifications. On PGlite they arrive before the commit
 * returns, so it is always current. On PostgreSQL changes show as soon as their notification
 * arrives (a few milliseconds; at once for this process's own building writes, which call
 * `refresh`). While the listening connection is down every request reads the version (one read
 * per burst of requests) until it is back.
 */
export async function mapVersionSource(database: Database): Promise<MapVersionSource> {
  const source = new NotifiedVersion(database.db);
  await source.listen(database);
  return source;
}

class NotifiedVersion implements MapVersionSource {
  /** null while not listening: then each request reads the version. */
  private version: number | null = null;
  private readonly reader: FreshReader<number>;
  private subscription: Subscription | null = null;

  constructor(private readonly db: Db) {
    this.reader = new FreshReader(() => readMapVersion(db));
  }

  async listen(database: Database): Promise<void> {
    this.subscription = await database.listen(MAP_VERSION_CHANNEL, {
      onNotify: (payload) => this.adopt(Number(payload)),
      // Read after LISTEN: commits before it are in the value, later ones are notified.
      onListening: async () => {
        this.version = await readMapVersion(this.db);
      },
      onLost: () => {
        this.version = null;
      },
    });
  }

  current(): Promise<number> {
    return this.version !== null ? Promise.resolve(this.version) : this.reader.current();
  }

  async refresh(): Promise<void> {
    // Notified before the write returned: nothing to read.
    if (this.subscription?.synchronous) return;
    this.adopt(await readMapVersion(this.db));
  }

  async close(): Promise<void> {
    await this.subscription?.close();
  }

  private adopt(v: number) {
    if (this.version !== null && Number.isFinite(v) && v > this.version) this.version = v;
  }
}
