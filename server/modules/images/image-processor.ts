/**
 * Runs processImage (renditions.ts) in child processes (image-process.ts) instead of the server's
 * own: libvips may take hundreds of megabytes for one image (a 62-byte GIF declaring a 7000×7000
 * canvas decodes to 196 MB of pixels, twice), and glibc keeps freed memory in the process that
 * used it. A child that exits gives it all back. See docs/decisions/2026-11-27-image-decoding-bounds.md.
 *
 * Each child runs one job at a time and is kept for the next one (starting one costs 1–4 s of CPU
 * on a busy machine); a job asks for an idle child or starts a new one, so at most as many children
 * run as jobs run at once (WORKER_CONCURRENCY). The parent ends a child idle for 30 s, or grown
 * past its memory bound after a job. The bytes travel over the IPC channel: the parent
 * reads the original through the storage (or gives a local file's path) and writes the
 * renditions, so the child needs no storage, database or configuration of its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImageRejectedError, type ProcessedImage } from './renditions.ts';

export interface ImageJobRequest {
  id: number;
  /** A local file's path, or the file's bytes. */
  input: string | Uint8Array;
}

export type ImageJobReply =
  | { ready: true }
  | { id: number; ok: true; image: ProcessedImage; rss: number }
  | { id: number; ok: false; rejected: boolean; message: string; rss: number };

export interface ImageProcessorOptions {
  /**
   * A child idle this long exits (default 30 s). Starting one costs 1–4 s of CPU on a busy 2-core
   * machine (sharp, exifr and our code compiled; more from TypeScript), which at 5–10 s a burst of
   * uploads in a few batches paid again and again (bench/thumbnails.ts: first jobs 15 s instead of 3).
   */
  idleMs?: number;
  /** A child whose resident memory passed this after a job exits (default 320 MB). */
  maxRssBytes?: number;
  /** A job still running after this long has its child killed and fails (default 120 s). */
  jobTimeoutMs?: number;
}

/** The text an uploader reads when the image process died on their image. */
export const PROCESS_CRASHED_TEXT =
  'The image could not be processed: it needs more memory than this server gives one image.';
export const PROCESS_TIMEOUT_TEXT = 'The image could not be processed: it took too long.';

const here = fileURLToPath(import.meta.url);

/**
 * The image process's environment: the server's, with glibc's allocator set for libvips.
 * libvips' threads would each get an arena of their own (up to 8 per core), which keep what they
 * held; two arenas measured 15% less peak memory on a 49 MP image. The server's fixed mmap
 * threshold (`npm start` sets `MALLOC_MMAP_THRESHOLD_` to give back what its start freed) is left
 * out: libvips' large pixel buffers would be mapped and unmapped for every image, and the
 * process gives all its memory back when it exits anyway.
 */
export function imageProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _threshold, ...rest } = env;
  return { ...rest, MALLOC_ARENA_MAX: '2' };
}

/**
 * The child's entry: the TypeScript source beside this file, run through tsx, when this module
 * runs from source (tests, `npm run dev`, benches); else the bundle scripts/start.mjs made
 * (`npm start`, `npm run worker`), whose entry points keep their path under server/ while this
 * code sits in dist/server/.
 */
function childEntry(): { file: string; execArgv: string[] } {
  if (here.endsWith('.ts')) {
    const tsx = createRequire(here).resolve('tsx');
    return { file: path.join(path.dirname(here), 'image-process.ts'), execArgv: ['--import', tsx] };
  }
  return { file: path.join(path.dirname(here), 'modules/images/image-process.js'), execArgv: [] };
}

interface Child {
  process: ChildProcess;
  ready: boolean;
  busy: boolean;
  /** Exited, or ended by this side: never given another job. */
  gone: boolean;
  idleTimer?: NodeJS.Timeout;
}

export class ImageProcessor {
  private readonly children = new Set<Child>();
  private nextId = 1;
  private readonly idleMs: number;
  private readonly maxRssBytes: number;
  private readonly jobTimeoutMs: number;

  constructor(options: ImageProcessorOptions = {}) {
    this.idleMs = options.idleMs ?? 30_000;
    this.maxRssBytes = options.maxRssBytes ?? 320 * 1024 * 1024;
    this.jobTimeoutMs = options.jobTimeoutMs ?? 120_000;
  }

  /** Children alive now (each idle or running one job). */
  get size(): number {
    return this.children.size;
  }

  /** Process ids of the children alive now. */
  pids(): number[] {
    return [...this.children].flatMap((c) => (c.process.pid === undefined ? [] : [c.process.pid]));
  }

  /**
   * processImage in a child. Rejects with ImageRejectedError for a file that is not an accepted
   * image, is beyond the bounds, or killed its child (out of memory, or past the time allowed);
   * with a plain Error when no child could be started (retried by the job).
   */
  process(input: string | Buffer): Promise<ProcessedImage> {
    const child = this.idleChild() ?? this.start();
    child.busy = true;
    clearTimeout(child.idleTimer);
    const id = this.nextId++;
    return new Promise<ProcessedImage>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.process.off('message', onMessage);
        child.process.off('exit', onExit);
        child.busy = false;
        if (!child.gone) unref(child.process);
      };
      const onMessage = (reply: ImageJobReply) => {
        if ('ready' in reply || reply.id !== id) return;
        done();
        // glibc keeps what libvips freed: a child that grew past the bound is ended (its memory
        // goes back to the system) and the next job starts a new one; else it waits for one.
        if (reply.rss > this.maxRssBytes) this.retire(child);
        else child.idleTimer = setTimeout(() => this.retire(child), this.idleMs).unref();
        if (reply.ok) resolve(revive(reply.image));
        else if (reply.rejected) reject(new ImageRejectedError(reply.message));
        else reject(new Error(`The image process failed: ${reply.message}`));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
        if (!child.ready) {
          reject(new Error(`The image process did not start (exit code ${code}, signal ${signal})`));
        } else if (timedOut) {
          reject(new ImageRejectedError(PROCESS_TIMEOUT_TEXT));
        } else {
          reject(new ImageRejectedError(PROCESS_CRASHED_TEXT));
        }
      };
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.process.kill('SIGKILL');
      }, this.jobTimeoutMs);
      child.process.on('message', onMessage);
      child.process.on('exit', onExit);
      ref(child.process);
      child.process.send({ id, input } satisfies ImageJobRequest);
    });
  }

  /** Ends every child (they also end when idle, and when this process exits). */
  close(): void {
    for (const child of this.children) this.retire(child);
  }

  /** Ends a child: it is given no job from now on, and exits once its channel closes. */
  private retire(child: Child): void {
    clearTimeout(child.idleTimer);
    child.gone = true;
    this.children.delete(child);
    // Closing the channel ends the child (image-process.ts exits on 'disconnect'). It is idle
    // here, except from close(), which ends a running job as a crash would.
    if (child.process.connected) child.process.disconnect();
  }

  private idleChild(): Child | undefined {
    for (const child of this.children) if (!child.busy && !child.gone) return child;
    return undefined;
  }

  private start(): Child {
    const { file, execArgv } = childEntry();
    if (!fs.existsSync(file)) throw new Error(`The image process's entry is missing: ${file}`);
    const child: Child = {
      process: fork(file, [], {
        execArgv,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: imageProcessEnv(process.env),
      }),
      ready: false,
      busy: false,
      gone: false,
    };
    child.process.on('message', (reply: ImageJobReply) => {
      if ('ready' in reply) child.ready = true;
    });
    child.process.on('exit', () => {
      clearTimeout(child.idleTimer);
      child.gone = true;
      this.children.delete(child);
    });
    // An error sending to a child that just exited shows as its exit; nothing else to do here.
    child.process.on('error', () => undefined);
    this.children.add(child);
    return child;
  }
}

/** An idle child does not keep this process alive; one running a job does. */
function unref(child: ChildProcess): void {
  child.unref();
  child.channel?.unref();
}
function ref(child: ChildProcess): void {
  child.ref();
  child.channel?.ref();
}

/** Buffers come over the channel as Uint8Arrays. */
function revive(image: ProcessedImage): ProcessedImage {
  return {
    ...image,
    renditions: image.renditions.map((r) => ({
      ...r,
      data: Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength),
    })),
  };
}

let shared: ImageProcessor | undefined;

/** The process-wide image processor the thumbnail job uses. */
export function imageProcessor(): ImageProcessor {
  shared ??= new ImageProcessor();
  return shared;
}
