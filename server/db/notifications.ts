/**
 * LISTEN on each engine. PGlite, in this process or in its thread (pglite-thread-client.ts: a
 * notification is posted before the reply of the statement that raised it), delivers a commit's
 * notifications before the commit returns, on its one connection, which cannot be lost. On
 * PostgreSQL a dedicated connection LISTENs; when it is lost, it is opened again every second
 * until it is back.
 */
import type { PgliteClient } from './pglite-thread-client.ts';
import type pg from 'pg';

export interface NotificationHandlers {
  /** A notification's payload. */
  onNotify(payload: string): void;
  /**
   * Listening has started (again, after a lost connection): every later notification is
   * delivered. A failure here counts as a failure to listen (PostgreSQL: tried again later).
   */
  onListening?(): void | Promise<void>;
  /** The listening connection was lost: notifications are missed until `onListening` again. */
  onLost?(): void;
}

export interface Subscription {
  /**
   * True when a notification arrives before the commit that raised it returns (the embedded
   * engine): this process then never sees a value older than its own last write.
   */
  readonly synchronous: boolean;
  close(): Promise<void>;
}

export async function listenPglite(
  pglite: PgliteClient,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  const unlisten = await pglite.listen(channel, (payload) => handlers.onNotify(payload));
  try {
    await handlers.onListening?.();
  } catch (err) {
    await unlisten();
    throw err;
  }
  return {
    synchronous: true,
    // The database may already be closed when the app shuts down.
    close: () => unlisten().catch(() => undefined),
  };
}

const RECONNECT_MS = 1000;

/** Never fails: while PostgreSQL cannot be reached it keeps trying (`onLost` was not called yet). */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  const { default: pgModule } = await import('pg');
  let current: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closing || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => scheduleReconnect());
    }, RECONNECT_MS);
    retry.unref();
  };

  const connect = async () => {
    const client = new pgModule.Client({ connectionString, application_name: 'atlas-listen' });
    client.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onNotify(msg.payload ?? '');
    });
    const lost = () => {
      if (current !== client) return;
      current = null;
      handlers.onLost?.();
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      current = client;
      await handlers.onListening?.();
    } catch (err) {
      if (current === client) current = null;
      await client.end().catch(() => undefined);
      throw err;
    }
    if (closing) await client.end().catch(() => undefined);
  };

  try {
    await connect();
  } catch {
    scheduleReconnect();
  }
  return {
    synchronous: false,
    close: async () => {
      closing = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
