/**
 * Limits on mutating API requests (POST, PUT, PATCH, DELETE under /api), for every route, present
 * and future, through one onRequest hook that runs after the session is resolved:
 * - per user: a signed-in user may make `perUserPerMinute` mutations a minute, whatever their IP;
 * - per IP: all mutations from one address (signed in or not) share `perIpPerMinute`, which is
 *   higher because several people may share an address (offices, NAT).
 * Over either limit the answer is a 429 problem with Retry-After (seconds).
 *
 * The upload PUT (/api/uploads/…) is not counted: it carries a single-use signed URL that only a
 * rate-limited POST /api/images/upload hands out, and a browser sends one PUT per file.
 *
 * Windows are fixed minutes counted in a CounterStore (RATE_LIMIT_STORE):
 * - `database` (the default on PostgreSQL): rows of `rate_limit_windows`, one per key and minute,
 *   shared by every API process behind a load balancer, so N processes still give one limit
 *   (docs/deploy.md). Each hit is one upsert; rows older than two minutes are deleted at most once
 *   a minute by each process.
 * - `memory` (the default on the embedded PGlite, which has a single process): this process's
 *   memory (WindowCounter).
 * If the store fails (database down), the request is let through with a logged warning: the
 * limiter never refuses on its own failure, and the route answers 503 if it needs the database.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sendProblem } from './errors.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;
/** Paths that have their own rules (see above). */
const EXEMPT = /^\/api\/uploads\//;

export interface MutationLimits {
  perUserPerMinute: number;
  perIpPerMinute: number;
}

export interface Bucket {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/** Fixed one-minute windows of hits by key. */
export interface CounterStore {
  /** Counts one hit; returns the count in the current window and when that window ends. */
  hit(key: string): Promise<Bucket>;
  /** Takes back a hit of the current window (a request another limit refused is not counted). */
  undo(key: string): Promise<void>;
}

/** Fixed-window counters by key. */
export class WindowCounter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns the count in the current window and when that window ends. */
  hit(key: string): Bucket {
    const now = this.now();
    this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + this.windowMs };
      this.buckets.set(key, bucket);
    }
    bucket.count += 1;
    return bucket;
  }

  /** Takes back a hit (a request another limit refused is not counted here). */
  undo(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.count > 0) bucket.count -= 1;
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

/** The store of one process: its memory. */
export class MemoryCounterStore implements CounterStore {
  constructor(readonly counter = new WindowCounter(WINDOW_MS)) {}

  hit(key: string): Promise<Bucket> {
    const { count, resetAt } = this.counter.hit(key);
    return Promise.resolve({ count, resetAt });
  }

  undo(key: string): Promise<void> {
    this.counter.undo(key);
    return Promise.resolve();
  }
}

/** How often (at most) one process deletes old windows. */
const CLEANUP_EVERY_MS = 60_000;

/**
 * The store shared by processes: table rate_limit_windows, windows by the database's clock
 * (date_trunc('minute', now())), so processes with skewed clocks still share windows.
 */
export class DatabaseCounterStore implements CounterStore {
  private lastCleanup = 0;

  constructor(
    private readonly db: Pick<Db, 'execute'>,
    private readonly opts: { now?: () => number; log?: FastifyBaseLogger } = {},
  ) {}

  async hit(key: string): Promise<Bucket> {
    // Both drivers (PGlite and node-postgres) answer with `{ rows }`.
    const result: unknown = await this.db.execute(
      sql`INSERT INTO rate_limit_windows (key, window_start, count)
          VALUES (${key}, date_trunc('minute', now()), 1)
          ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
          RETURNING count, window_start`,
    );
    const row = (result as { rows: { count: number | string; window_start: Date | string }[] }).rows[0];
    if (!row) throw new Error('rate_limit_windows upsert returned no row');
    await this.cleanupNowAndThen();
    return { count: Number(row.count), resetAt: new Date(row.window_start).getTime() + WINDOW_MS };
  }

  async undo(key: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE rate_limit_windows SET count = count - 1
          WHERE key = ${key} AND window_start = date_trunc('minute', now()) AND count > 0`,
    );
  }

  /** Deletes the windows that ended more than a minute ago. */
  async cleanup(): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM rate_limit_windows WHERE window_start < now() - interval '2 minutes'`,
    );
  }

  private async cleanupNowAndThen() {
    const now = (this.opts.now ?? Date.now)();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    try {
      await this.cleanup();
    } catch (err) {
      this.opts.log?.warn({ err }, 'rate limit: deleting old windows failed');
    }
  }
}

const isLimited = (request: FastifyRequest) =>
  MUTATING.has(request.method) &&
  (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) &&
  !EXEMPT.test(request.url);

function refuse(reply: FastifyReply, resetAt: number, who: string) {
  // Clamped: the database's clock (database store) may differ a little from this process's.
  const seconds = Math.min(60, Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
  reply.header('retry-after', String(seconds));
  return sendProblem(
    reply,
    429,
    `Too many changes from ${who}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds },
  );
}

export interface MutationRateLimitOptions extends MutationLimits {
  /** Where the windows are counted; this process's memory when not given. */
  store?: CounterStore;
}

async function mutationRateLimit(app: FastifyInstance, opts: MutationRateLimitOptions) {
  const store = opts.store ?? new MemoryCounterStore();
  app.addHook('onRequest', async (request, reply) => {
    if (!isLimited(request)) return;
    const ipKey = `ip:${request.ip}`;
    let ip: Bucket;
    let user: Bucket | undefined;
    try {
      ip = await store.hit(ipKey);
      if (ip.count <= opts.perIpPerMinute && request.user) {
        user = await store.hit(`user:${request.user.id}`);
        if (user.count > opts.perUserPerMinute) await store.undo(ipKey);
      }
    } catch (err) {
      // The limiter never refuses because it failed: the request goes on (and the route answers
      // 503 if the database is down).
      request.log.warn({ err }, 'rate limit store failed; request not limited');
      return;
    }
    if (ip.count > opts.perIpPerMinute) return refuse(reply, ip.resetAt, 'this address');
    if (user && user.count > opts.perUserPerMinute) return refuse(reply, user.resetAt, 'your account');
  });
}

/**
 * Register inside the /api scope after the auth plugin (whose onRequest hook sets request.user);
 * fastify-plugin makes the hook apply to the routes registered after it in that scope.
 */
export default fp(mutationRateLimit, { name: 'mutation-rate-limit', dependencies: [] });
