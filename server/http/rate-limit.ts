/**
 * Limits on API requests, for every route, present and future, through one onRequest hook that
 * runs after the session is resolved:
 * - mutations (POST, PUT, PATCH, DELETE under /api), per user: a signed-in user may make
 *   `perUserPerMinute` mutations a minute, whatever their IP;
 * - mutations per IP: all mutations from one address (signed in or not) share `perIpPerMinute`,
 *   which is higher because several people may share an address (offices, NAT);
 * - reads per IP, signed in or not: every GET (and HEAD) of an API route reads the database or
 *   costs work (search, lists, images, locator pictures, …), so all of them share
 *   `readsPerIpPerMinute` (RATE_LIMIT_READS_PER_IP_PER_MINUTE), except the routes registered with
 *   `reads: 'free'` (health probes and the few answers that read only configuration) or
 *   `reads: 'export'`;
 * - exports (routes registered with `reads: 'export'`) per IP: `exportsPerIpPerMinute`
 *   (RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE) downloads of the catalogue or of lists together, each of
 *   which reads many rows;
 * - per route: a route whose options carry `config.rateLimit: { max }` (sign-in, feedback, place
 *   search, search, image lists, sitemap pages) allows `max` requests per IP and minute on that
 *   route (AUTH_RATE_LIMIT, SEARCH_RATE_LIMIT, …), also outside /api (the sitemap: app.ts passes
 *   routes outside /api to the same limiter).
 * Over any limit the answer is a 429 problem with Retry-After (seconds). Each route declares its
 * own traits where it is registered (server/http/route.ts `route(..., { reads, rateLimit })`):
 * this file holds no list of routes.
 *
 * Which path a request is for comes from the route Fastify matched (request.routeOptions.url,
 * e.g. '/api/lists/'), never from the raw request target: `POST http://host/api/lists/` (absolute
 * form), `//api/lists/` or `/api/./lists/` reach a route only as that route, so they are counted as
 * it. A mutation that matches no route is counted per IP too (root hook, normalised path).
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
import { API_PREFIX, apiPath } from '#domain/endpoints/define';
import { imageEndpoints } from '#domain/endpoints/images';
import type { Db } from '../db/client.ts';
import { selectRows } from '../db/rows.ts';
import { sendProblem } from './errors.ts';

import type {} from '@fastify/rate-limit'; // the type of routes' `config.rateLimit`

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;
/** Paths that have their own rules (see above): the upload URLs, '/api/uploads/…'. */
const EXEMPT_PREFIX = apiPath(imageEndpoints.receiveUpload).replace(/\*$/, '');

/**
 * How a route's GETs count, declared where the route is registered (`reads` of route()):
 * - `counted` (the default): they share the per-IP read budget;
 * - `export`: downloads of many rows, counted in their own per-IP window, not as reads;
 * - `free`: not counted: health probes (a monitor asks often and must never be refused), answers
 *   made from configuration alone, and an upload's processing status (one row by its unguessable
 *   task id, which the upload dialog polls every 2 s for each of up to 20 images: 600 a minute,
 *   the whole read budget).
 */
export type ReadTrait = 'counted' | 'export' | 'free';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's GETs count against the read limits (server/http/rate-limit.ts). */
    reads?: ReadTrait;
  }
}

export interface MutationLimits {
  perUserPerMinute: number;
  perIpPerMinute: number;
  /** GETs of API routes (but the free ones and the exports) per IP and minute. */
  readsPerIpPerMinute: number;
  /** Exports (routes with `reads: 'export'`, together) per IP and minute. */
  exportsPerIpPerMinute: number;
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

/** A replacement for the database's clock (tests). */
export type DatabaseClock = () => Date;

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
    private readonly opts: {
      /** This process's clock, for how often to clean up. */
      now?: () => number;
      /**
       * The time windows are counted in; the database's clock (`now()`) when not given. Tests
       * pass a fixed time, so a few hits never straddle the end of a minute.
       */
      databaseClock?: DatabaseClock | undefined;
      log?: FastifyBaseLogger;
    } = {},
  ) {}

  /** The current time in SQL: the injected clock, or the database's. */
  private sqlNow() {
    const clock = this.opts.databaseClock;
    return clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`;
  }

  async hit(key: string): Promise<Bucket> {
    const [row] = await selectRows<{ count: number | string; window_start: Date | string }>(
      this.db,
      sql`INSERT INTO rate_limit_windows (key, window_start, count)
          VALUES (${key}, date_trunc('minute', ${this.sqlNow()}), 1)
          ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
          RETURNING count, window_start`,
    );
    if (!row) throw new Error('rate_limit_windows upsert returned no row');
    await this.cleanupNowAndThen();
    return { count: Number(row.count), resetAt: new Date(row.window_start).getTime() + WINDOW_MS };
  }

  async undo(key: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE rate_limit_windows SET count = count - 1
          WHERE key = ${key} AND window_start = date_trunc('minute', ${this.sqlNow()}) AND count > 0`,
    );
  }

  /** Deletes the windows that ended more than a minute ago. */
  async cleanup(): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM rate_limit_windows WHERE window_start < ${this.sqlNow()} - interval '2 minutes'`,
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

/**
 * The path of a request target as a router would see it: the origin form of an absolute-form
 * target, without query, percent-decoded, with repeated slashes and dot segments resolved.
 * Used only for requests that matched no route (the others use their route's path).
 */
export function normalisedPath(target: string): string {
  let path = target;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
  if (absolute) path = path.slice(absolute[0].length) || '/';
  path = path.split(/[?#]/, 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: the router refuses it anyway; count it as written.
  }
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}${path.endsWith('/') && out.length > 0 ? '/' : ''}`;
}

const underApi = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/**
 * Whether the app's root hook (rather than the /api scope's) counts this request: one that
 * matched no route, or a route outside /api (the sitemap's own limit).
 */
export function limitedAtRoot(request: FastifyRequest): boolean {
  return request.is404 || !underApi(routedPath(request));
}

/** The routed path (the route's pattern), or for a request no route matched its normalised path. */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? normalisedPath(request.url);
}

function refuse(reply: FastifyReply, resetAt: number, message: (seconds: string) => string) {
  // Clamped: the database's clock (database store) may differ a little from this process's.
  const seconds = Math.min(60, Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
  reply.header('retry-after', String(seconds));
  return sendProblem(reply, 429, message(`${seconds} second${seconds === 1 ? '' : 's'}`), {
    retryAfterSeconds: seconds,
  });
}

// The 429 texts; exported so scripts/problem-messages.test.ts checks the web can read them back.
export const tooMany = (who: string) => (wait: string) =>
  `Too many changes from ${who}. Please try again in ${wait}.`;
export const tooManyRequests = (wait: string) => `Too many requests. Please try again in ${wait}.`;
export const tooManyExports = (limit: number) => (wait: string) =>
  `An address may start ${limit === 1 ? 'one export' : `${limit} exports`} a minute. Please try again in ${wait}.`;

export interface RateLimitOptions {
  /** Mutation and read limits; undefined turns them off (per-route limits stay when `routes`). */
  limits: MutationLimits | undefined;
  /** Whether routes' own `config.rateLimit` limits apply. */
  routes: boolean;
  /** Where the windows are counted; this process's memory when not given. */
  store?: CounterStore;
}

/** The per-minute maximum a route declares in `config.rateLimit`, if any. */
function routeMax(request: FastifyRequest): number | undefined {
  const own = request.routeOptions.config.rateLimit;
  return own && typeof own.max === 'number' ? own.max : undefined;
}

/** The limits of one app: counts a request and maybe answers it with a 429. */
export class RateLimiter {
  private readonly store: CounterStore;

  constructor(private readonly opts: RateLimitOptions) {
    this.store = opts.store ?? new MemoryCounterStore();
  }

  /** Counts the request; sends a 429 (and resolves to the reply) when it is over a limit. */
  async check(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const { limits, routes } = this.opts;
    const store = this.store;
    const matched = !request.is404;
    const path = routedPath(request);
    if (path.startsWith(EXEMPT_PREFIX)) return;
    const ip = request.ip;
    const perRoute = matched && routes ? routeMax(request) : undefined;
    // Outside /api only routes' own limits apply (the sitemap's pages).
    const api = underApi(path);
    const mutation = api && limits !== undefined && MUTATING.has(request.method);
    const get =
      api && limits !== undefined && matched && (request.method === 'GET' || request.method === 'HEAD');
    const reads = get ? (request.routeOptions.config.reads ?? 'counted') : undefined;
    const exporting = reads === 'export';
    const read = reads === 'counted';
    if (perRoute === undefined && !mutation && !read && !exporting) return;
    const ipKey = `ip:${ip}`;
    try {
      if (perRoute !== undefined) {
        const own = await store.hit(`route:${request.method} ${path}:${ip}`);
        if (own.count > perRoute) return refuse(reply, own.resetAt, tooManyRequests);
      }
      if (read && limits) {
        const byIp = await store.hit(`read:${ip}`);
        if (byIp.count > limits.readsPerIpPerMinute) return refuse(reply, byIp.resetAt, tooManyRequests);
      }
      if (exporting && limits) {
        const exports = await store.hit(`export:${ip}`);
        const max = limits.exportsPerIpPerMinute;
        if (exports.count > max) return refuse(reply, exports.resetAt, tooManyExports(max));
      }
      if (mutation && limits) {
        const byIp = await store.hit(ipKey);
        if (byIp.count > limits.perIpPerMinute) return refuse(reply, byIp.resetAt, tooMany('this address'));
        if (request.user) {
          const byUser = await store.hit(`user:${request.user.id}`);
          if (byUser.count > limits.perUserPerMinute) {
            await store.undo(ipKey);
            return refuse(reply, byUser.resetAt, tooMany('your account'));
          }
        }
      }
    } catch (err) {
      // The limiter never refuses because it failed: the request goes on (and the route answers
      // 503 if the database is down).
      request.log.warn({ err }, 'rate limit store failed; request not limited');
    }
    return undefined;
  }
}

async function rateLimits(app: FastifyInstance, { limiter }: { limiter: RateLimiter }) {
  // Every route limit counts fixed minutes (the store's windows): refuse anything else at start.
  app.addHook('onRoute', (route) => {
    const own = route.config?.rateLimit;
    if (!own) return;
    if (typeof own.max !== 'number' || (own.timeWindow !== undefined && own.timeWindow !== WINDOW_MS)) {
      throw new Error(`${route.url}: config.rateLimit must be { max: <number>, timeWindow: 60000 }`);
    }
  });
  // Routes of this scope (registered after this plugin): the session is resolved by now.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    await limiter.check(request, reply);
  });
}

/**
 * Register inside the /api scope after the auth plugin (whose onRequest hook sets request.user),
 * with the app's RateLimiter; fastify-plugin makes the hook apply to the routes registered after
 * it in that scope. Requests that match no route, or a route outside /api, reach only the root's
 * hooks: app.ts passes them (limitedAtRoot) to the same limiter from a root onRequest hook.
 */
export default fp(rateLimits, { name: 'rate-limits', dependencies: [] });
