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
 * Windows are fixed minutes kept in this process's memory: with N API processes behind a load
 * balancer a client can reach N times the limit (docs/deploy.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendProblem } from './errors.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;
/** Paths that have their own rules (see above). */
const EXEMPT = /^\/api\/uploads\//;

export interface MutationLimits {
  perUserPerMinute: number;
  perIpPerMinute: number;
}

interface Bucket {
  count: number;
  resetAt: number;
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

const isLimited = (request: FastifyRequest) =>
  MUTATING.has(request.method) &&
  (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) &&
  !EXEMPT.test(request.url);

function refuse(reply: FastifyReply, resetAt: number, who: string) {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  reply.header('retry-after', String(seconds));
  return sendProblem(
    reply,
    429,
    `Too many changes from ${who}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds },
  );
}

async function mutationRateLimit(app: FastifyInstance, limits: MutationLimits) {
  const counter = new WindowCounter(WINDOW_MS);
  app.addHook('onRequest', async (request, reply) => {
    if (!isLimited(request)) return;
    const ipKey = `ip:${request.ip}`;
    const ip = counter.hit(ipKey);
    if (ip.count > limits.perIpPerMinute) return refuse(reply, ip.resetAt, 'this address');
    if (request.user) {
      const user = counter.hit(`user:${request.user.id}`);
      if (user.count > limits.perUserPerMinute) {
        counter.undo(ipKey);
        return refuse(reply, user.resetAt, 'your account');
      }
    }
  });
}

/**
 * Register inside the /api scope after the auth plugin (whose onRequest hook sets request.user);
 * fastify-plugin makes the hook apply to the routes registered after it in that scope.
 */
export default fp(mutationRateLimit, { name: 'mutation-rate-limit', dependencies: [] });
