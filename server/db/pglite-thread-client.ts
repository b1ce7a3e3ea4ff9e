/**
 * The embedded PGlite in a worker thread, seen from the server's thread as the part of PGlite's
 * API the server uses (`PgliteClient`): Drizzle's session (query with rowMode and parsers,
 * transaction), the job queue's raw SQL (query, transaction + exec), LISTEN, migrations,
 * `dumpDataDir` and close. Every call is a message to pglite-thread.ts and back (≈ 0.1 ms), and
 * the HTTP thread keeps answering while a statement runs
 * (docs/decisions/2026-11-27-embedded-database-in-a-worker-thread.md).
 */
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  deserializeError,
  type ReplyMessage,
  type Request,
  type ThreadQueryOptions,
  type ThreadStart,
} from './pglite-thread-protocol.ts';

/** What the server needs of a transaction. */
export type PgliteTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

/** The part of PGlite the server uses: an in-process PGlite and ThreadedPglite both are one. */
export interface PgliteClient {
  readonly closed: boolean;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * The database thread's heap: PGlite's WebAssembly memory lies outside it. A small young
 * generation, as the server's own `--max-semi-space-size=1`, keeps the thread's resident memory
 * low (measured: +9 MB idle for the thread). The old generation keeps Node's default limit, as
 * in the server's thread: a lower cap would end the database on a large result.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 3 };

/**
 * The thread's code: bundled beside the server (dist/server/pglite-thread.js), else the
 * TypeScript source through tsx (`npm run dev`, scripts, tests). Node 20 does not apply loader
 * hooks to a worker's own entry file, so the source is imported after tsx is registered inside
 * the thread.
 */
function threadEntry(): { entry: URL | string; eval: boolean } {
  const bundled = new URL('./pglite-thread.js', import.meta.url);
  if (fs.existsSync(bundled)) return { entry: bundled, eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./pglite-thread.ts', import.meta.url).href;
  return {
    entry: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

/**
 * Query options as data. Drizzle passes `parsers` that return the text as it came (dates,
 * intervals, numeric[]…): those become `rawTypes`. Any other function cannot cross to the thread.
 */
function threadOptions(options: QueryOptions | undefined): ThreadQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  if (unsupported.length > 0)
    throw new Error(`Query options not supported off-thread: ${unsupported.join(', ')}`);
  const rawTypes = Object.entries(parsers ?? {}).map(([type, parse]) => {
    const probe = '2000-01-01 00:00:00+00';
    const parsed: unknown = (parse as (value: string, typeId: number) => unknown)(probe, Number(type));
    if (parsed !== probe)
      throw new Error(`Only identity parsers cross to the database thread (type ${type})`);
    return Number(type);
  });
  return { ...(rowMode ? { rowMode } : {}), ...(rawTypes.length > 0 ? { rawTypes } : {}) };
}

interface Pending {
  // The reply's value is the requested type (the thread answers each op with its own shape).
  resolve(value: never): void;
  reject(err: Error): void;
  /** Where the call was made, added to the thread's stack. */
  stack: string | undefined;
}

export class ThreadedPglite implements PgliteClient {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #closed = false;
  #stopped: Error | undefined;
  #exited: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (message: ReplyMessage) => this.#receive(message));
    worker.on('error', (err) => this.#stop(err));
    worker.on('exit', (code) => this.#stop(new Error(`The database thread exited (${code})`)));
  }

  /** Starts the thread and waits until its PGlite is open. */
  static async open(start: ThreadStart): Promise<ThreadedPglite> {
    const { entry, eval: isCode } = threadEntry();
    const worker = new Worker(entry, {
      eval: isCode,
      workerData: start,
      transferList: start.loadDataDir ? [start.loadDataDir] : [],
      resourceLimits: RESOURCE_LIMITS,
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: ReplyMessage) => {
        if (message.type === 'ready') done(undefined);
        else if (message.type === 'failed') done(deserializeError(message.error));
      };
      const onError = (err: Error) => done(err);
      const onExit = (code: number) => done(new Error(`The database thread exited (${code}) while opening`));
      const done = (err: Error | undefined) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (err) {
          void worker.terminate();
          reject(err);
        } else resolve();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    const client = new ThreadedPglite(worker);
    worker.unref();
    return client;
  }

  get closed(): boolean {
    return this.#closed;
  }

  #receive(message: ReplyMessage): void {
    if (message.type === 'notify') {
      this.#listeners.get(message.listener)?.(message.payload);
      return;
    }
    if (message.type !== 'reply') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    // An idle thread does not keep the process alive (an in-process PGlite does not either).
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.value as never);
    else pending.reject(deserializeError(message.error, pending.stack));
  }

  /** The thread is gone (crashed, out of memory, closed): every call in flight fails. */
  #stop(err: Error): void {
    // The thread ending after close() is the expected end: calls then fail as on a closed PGlite.
    if (this.#closed && !this.#stopped) {
      for (const pending of this.#pending.values()) pending.reject(new Error('PGlite is closed'));
      this.#pending.clear();
      return;
    }
    this.#closed = true;
    this.#stopped ??= Object.assign(
      new Error(`The embedded database stopped: ${err.message}`, { cause: err }),
      {
        // admin_shutdown: the error handler answers 503 (server/db/unavailable.ts).
        code: '57P01',
      },
    );
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }

  #request<T>(request: Request, opts: { whenClosed?: boolean } = {}): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#closed && !opts.whenClosed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    const { stack } = new Error();
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject, stack });
      this.#worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  #query<T>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const threadOpts = threadOptions(options);
    return this.#request({
      op: 'query',
      sql,
      ...(tx !== undefined ? { tx } : {}),
      ...(params ? { params } : {}),
      ...(threadOpts ? { options: threadOpts } : {}),
    });
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, sql, options);
  }

  #exec(tx: number | undefined, sql: string, options?: QueryOptions): Promise<Results[]> {
    const threadOpts = threadOptions(options);
    return this.#request({
      op: 'exec',
      sql,
      ...(tx !== undefined ? { tx } : {}),
      ...(threadOpts ? { options: threadOpts } : {}),
    });
  }

  /**
   * As PGlite's: committed when `callback` resolves, rolled back when it throws (its error is
   * thrown). Other statements wait in the thread until it ends.
   */
  async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = await this.#request<number>({ op: 'begin' });
    let ended = false;
    const end = async (commit: boolean) => {
      ended = true;
      await this.#request({ op: 'end', tx: id, commit });
    };
    const check = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    const tx: PgliteTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(id, sql, params, options);
      },
      exec: (sql: string, options?: QueryOptions) => {
        check();
        return this.#exec(id, sql, options);
      },
      rollback: async () => {
        check();
        await end(false);
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!ended) await end(false).catch(() => undefined);
      throw err;
    }
    if (!ended) await end(true);
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#nextId++;
    this.#listeners.set(listener, callback);
    try {
      await this.#request({ op: 'listen', channel, listener });
    } catch (err) {
      this.#listeners.delete(listener);
      throw err;
    }
    return async () => {
      if (!this.#listeners.delete(listener)) return;
      await this.#request({ op: 'unlisten', listener });
    };
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    const { bytes, type } = await this.#request<{ bytes: ArrayBuffer; type: string }>({
      op: 'dump',
      compression,
    });
    return new Blob([bytes], { type });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#request({ op: 'close' }, { whenClosed: true });
    } finally {
      this.#listeners.clear();
      // The thread ends by itself once its database is closed; a thread that does not is ended.
      const timer = setTimeout(() => void this.#worker.terminate(), 5_000);
      await this.#exited;
      clearTimeout(timer);
    }
  }
}

/** Opens the embedded database in a worker thread (see ThreadedPglite). */
export function openPgliteThread(start: ThreadStart): Promise<ThreadedPglite> {
  return ThreadedPglite.open(start);
}
