/**
 * Long downloads (the exports) hold a slot while they run, so a client that reads slowly, or stops
 * reading but keeps the connection open, could hold it for ever: the socket's idle timeout never
 * fires while it takes a few bytes now and then. guardTransfer passes a download through and cuts
 * it (the connection is closed, so the client sees a truncated download) when
 * - it has not finished within `deadlineMs`, or
 * - over a window of `windowMs` the client took less than `minBytesPerSecond` while the server
 *   was waiting on it (the response's buffer full). A download that is slow because the server
 *   is slow to produce it is not the reader's fault and is not cut for it (only by the deadline).
 */
import type { ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';

export interface TransferLimits {
  /** The longest a download may run. */
  deadlineMs: number;
  /** The least rate a reader that holds the server up must take; 0: no minimum. */
  minBytesPerSecond: number;
  /** The window the rate is measured over. */
  windowMs: number;
}

/** Why a download was cut. */
export type TransferCut = 'deadline' | 'slow reader';

/** Rates are measured over this window unless told otherwise (long enough for a slow mobile link's stalls). */
export const TRANSFER_WINDOW_MS = 20_000;

/**
 * The stream to send instead of `source`: the same bytes, counted. `onCut` is called (once) when
 * a limit cuts the download, after the response has been destroyed.
 */
export function guardTransfer(
  source: Readable,
  response: ServerResponse,
  limits: TransferLimits,
  onCut: (why: TransferCut) => void,
): Readable {
  let sent = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  source.on('error', (err) => counted.destroy(err));
  source.pipe(counted);

  let finished = false;
  const cut = (why: TransferCut) => {
    if (finished) return;
    stop();
    source.destroy();
    counted.destroy();
    response.destroy();
    onCut(why);
  };
  const deadline = setTimeout(() => cut('deadline'), limits.deadlineMs);
  let sentBefore = 0;
  const minPerWindow = (limits.minBytesPerSecond * limits.windowMs) / 1000;
  const check = setInterval(() => {
    const moved = sent - sentBefore;
    sentBefore = sent;
    // writableNeedDrain: the socket does not take what was written, so the server waits on the reader.
    if (limits.minBytesPerSecond > 0 && moved < minPerWindow && response.writableNeedDrain)
      cut('slow reader');
  }, limits.windowMs);
  deadline.unref();
  check.unref();
  function stop() {
    finished = true;
    clearTimeout(deadline);
    clearInterval(check);
  }
  response.once('close', stop);
  counted.once('close', () => {
    if (!source.destroyed) source.destroy();
  });
  return counted;
}
