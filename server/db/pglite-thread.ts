/**
 * The database thread: the embedded PGlite runs here, off the server's event loop, so a long
 * statement (a whole-catalogue export, a trigram search) never stalls the HTTP thread
 * (docs/decisions/2026-11-27-embedded-database-in-a-worker-thread.md). The server's side is
 * pglite-thread-client.ts; this file only answers its messages.
 *
 * A transaction stays open across messages: `begin` runs PGlite's own `transaction()`, whose
 * callback waits for `end`. PGlite's transaction mutex keeps every statement that is not the
 * transaction's own waiting meanwhile, as in one process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite.ts';
import {
  serializeError,
  type ReplyMessage,
  type Request,
  type RequestMessage,
  type ThreadQueryOptions,
  type ThreadStart,
} from './pglite-thread-protocol.ts';

if (!parentPort) throw new Error('pglite-thread.ts runs only as a worker thread');
const port = parentPort;

const post = (message: ReplyMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** The value PostgreSQL sent, unparsed (what Drizzle's parsers do for dates, intervals, numeric[]). */
const raw = (value: string) => value;

function queryOptions(options: ThreadQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.rawTypes ? { parsers: Object.fromEntries(options.rawTypes.map((t) => [t, raw])) } : {}),
  };
}

/** An open transaction: its PGlite handle, and how to end it. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  settled: Promise<void>;
}

/** Thrown inside PGlite's transaction callback to make it roll back. */
class Rollback extends Error {}

async function main(start: ThreadStart) {
  const pglite = await openPglite(start.dataDir, {
    startParams: start.startParams,
    ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
  });
  const transactions = new Map<number, OpenTransaction>();
  const unlistens = new Map<number, () => Promise<void>>();
  let nextTransaction = 1;

  const target = (tx: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  /** Opens a transaction; answers its id once BEGIN has run. */
  const begin = () =>
    new Promise<number>((resolveBegin, rejectBegin) => {
      const id = nextTransaction++;
      let began = false;
      let resolveSettled!: () => void;
      let rejectSettled!: (err: Error) => void;
      const settled = new Promise<void>((resolve, reject) => {
        resolveSettled = resolve;
        rejectSettled = reject;
      });
      pglite
        .transaction(async (tx) => {
          const commit = await new Promise<boolean>((end) => {
            transactions.set(id, { tx, end, settled });
            began = true;
            resolveBegin(id);
          });
          if (!commit) throw new Rollback('rolled back by the caller');
        })
        .then(
          () => resolveSettled(),
          (err: unknown) =>
            err instanceof Rollback
              ? resolveSettled()
              : rejectSettled(err instanceof Error ? err : new Error(String(err))),
        )
        .finally(() => transactions.delete(id));
      // BEGIN itself failed (the database is closed): no transaction to end.
      settled.catch((err: unknown) => {
        if (!began) rejectBegin(err instanceof Error ? err : new Error(String(err)));
      });
    });

  const handle = async (request: Request): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> => {
    switch (request.op) {
      case 'query':
        return {
          value: await target(request.tx).query(request.sql, request.params, queryOptions(request.options)),
        };
      case 'exec':
        return { value: await target(request.tx).exec(request.sql, queryOptions(request.options)) };
      case 'begin':
        return { value: await begin() };
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        open.end(request.commit);
        await open.settled;
        return { value: null };
      }
      case 'listen': {
        // Posted before the reply of the statement that delivered it (PGlite calls listeners in
        // microtasks queued while it reads the statement's answer).
        const unlisten = await pglite.listen(request.channel, (payload) =>
          post({ type: 'notify', listener: request.listener, payload }),
        );
        unlistens.set(request.listener, unlisten);
        return { value: null };
      }
      case 'unlisten': {
        const unlisten = unlistens.get(request.listener);
        unlistens.delete(request.listener);
        await unlisten?.();
        return { value: null };
      }
      case 'dump': {
        const file = await pglite.dumpDataDir(request.compression);
        const bytes = await file.arrayBuffer();
        return { value: { bytes, type: file.type }, transfer: [bytes] };
      }
      case 'close':
        await pglite.close();
        return { value: null };
    }
  };

  port.on('message', (message: RequestMessage) => {
    handle(message).then(
      ({ value, transfer }) => {
        post({ type: 'reply', id: message.id, ok: true, value }, transfer);
        // Nothing keeps the thread alive once its database is closed.
        if (message.op === 'close') port.close();
      },
      (err: unknown) => post({ type: 'reply', id: message.id, ok: false, error: serializeError(err) }),
    );
  });
  post({ type: 'ready' });
}

main(workerData as ThreadStart).catch((err: unknown) => {
  post({ type: 'failed', error: serializeError(err) });
  port.close();
});
