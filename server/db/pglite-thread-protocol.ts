/**
 * The messages between the server's thread and the database thread (pglite-thread.ts) and how an
 * error crosses between them. Only structured-cloneable values cross: no functions, so query
 * options that hold functions are described by data (see `rawTypes`).
 */

/** What the database thread is started with (`workerData`). */
export interface ThreadStart {
  dataDir?: string | undefined;
  startParams: string[];
  /** A data directory tarball (`loadDataDir`), as bytes. */
  loadDataDir?: ArrayBuffer | undefined;
}

/**
 * Query options that can cross: `rowMode`, and the type ids whose values are to be left as the
 * text PostgreSQL sent (Drizzle's `parsers`, which are all identity functions).
 */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object' | undefined;
  rawTypes?: number[] | undefined;
}

export type Request =
  | { op: 'query'; tx?: number; sql: string; params?: unknown[]; options?: ThreadQueryOptions }
  | { op: 'exec'; tx?: number; sql: string; options?: ThreadQueryOptions }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  /** `listener`: chosen by the server's side, so its callback is in place before any notification. */
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

export type RequestMessage = Request & { id: number };

/** An error as data: its class name, message, stack and every primitive field (SQLSTATE `code`, `detail`, `constraint`…). */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string | undefined;
  fields: Record<string, string | number | boolean | null>;
}

export type ReplyMessage =
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: SerializedError }
  /** A notification, sent before the reply of the statement that delivered it. */
  | { type: 'notify'; listener: number; payload: string }
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError };

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/**
 * A real Error with the thread's fields (`code`, `detail`, `constraint`, `severity`…) on it, so
 * SQLSTATE checks (`err.code === '23505'`) work as on an in-process PGlite. The stack is the
 * thread's, followed by where the caller was.
 */
export function deserializeError(data: SerializedError, callerStack?: string): Error {
  const err = new Error(data.message);
  Object.assign(err, data.fields);
  // The class name (DatabaseError) as the message's prefix in logs and `name` checks.
  Object.defineProperty(err, 'name', { value: data.name, writable: true, configurable: true });
  const caller = callerStack?.split('\n').slice(1).join('\n');
  err.stack = [data.stack ?? `${data.name}: ${data.message}`, caller].filter(Boolean).join('\n');
  return err;
}
