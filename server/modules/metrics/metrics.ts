/**
 * Prometheus metrics on a listener of their own (METRICS_PORT; off by default), never on the
 * public port: request rates and latencies by route, job queue depth and failures, the map
 * cache, the database pool and Node's own (event loop delay, memory). The scrape config and the
 * numbers worth an alert are in docs/deploy.md, "Metrics".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { QueueDepths } from '../../jobs/queue.ts';
import { collectProcessMetrics, processRegistry } from './registry.ts';

/** The label of requests that matched no route: raw URLs would make one series per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** A scrape waits this long for the queue's depth; past it the depth is left out, not stale. */
const QUEUE_DEPTH_TIMEOUT_MS = 1_000;

/** Request durations: from a cached map body (≈ 1 ms) to an export (tens of seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsEndpoint {
  /** Starts the listener; resolves with its address (port 0 picks a free port). */
  listen(): Promise<AddressInfo>;
  close(): Promise<void>;
}

/** The connection pool behind `db`: node-postgres's Pool on PostgreSQL, PGlite's one connection. */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}
const isPool = (client: unknown): client is PoolLike =>
  typeof client === 'object' &&
  client !== null &&
  typeof (client as PoolLike).totalCount === 'number' &&
  typeof (client as PoolLike).waitingCount === 'number';

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Gauges read at scrape time from a job queue: how many jobs wait, per job. */
export function queueDepthGauge(queue: QueueDepths, registry: Registry): void {
  new Gauge({
    name: 'atlas_job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), by job; left out when the database did not answer within 1 s.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const sizes = await withTimeout(
        Promise.all(queue.jobNames.map(async (job) => [job, await queue.depth(job)] as const)),
        QUEUE_DEPTH_TIMEOUT_MS,
      ).catch(() => undefined);
      for (const [job, size] of sizes ?? []) this.set({ job }, size);
    },
  });
}

/**
 * Registers the app's metrics: a counter and a duration histogram of requests by route pattern,
 * and gauges read at scrape time. Returns the listener that serves them with the process's own.
 */
export function registerMetrics(
  app: FastifyInstance,
  { database, queue, host, port }: { database: Database; queue: QueueDepths; host: string; port: number },
): MetricsEndpoint {
  const registry = new Registry();
  const requests = new Counter({
    name: 'atlas_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'atlas_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern the request matched (`/api/buildings/:id`), never its URL: bounded label values.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  queueDepthGauge(queue, registry);

  new Gauge({
    name: 'atlas_map_cache_bytes',
    help: 'Bytes held by the cache of rendered map bodies (bodies, keys, URL index); at most GEOJSON_CACHE_MB.',
    registers: [registry],
    collect() {
      // Registered before the routes and the map (server/modules/map), read once they exist.
      this.set(app.hasDecorator('mapBodies') ? app.mapBodies.retainedBytes : 0);
    },
  });

  // The app's pool (requests); the job queue has its own few connections besides.
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client;
  new Gauge({
    name: 'atlas_db_pool_connections',
    help: 'Connections of the app’s database pool, by state (idle, in_use) and its size limit (max). The embedded PGlite has exactly one connection, reported as max 1.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (isPool(client)) {
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'in_use' }, client.totalCount - client.idleCount);
        if (client.options?.max !== undefined) this.set({ state: 'max' }, client.options.max);
      } else {
        this.set({ state: 'max' }, 1);
      }
    },
  });
  new Gauge({
    name: 'atlas_db_pool_waiting',
    help: 'Queries waiting for a free connection of the app’s database pool (PostgreSQL only; PGlite runs one statement at a time).',
    registers: [registry],
    collect() {
      this.set(isPool(client) ? client.waitingCount : 0);
    },
  });

  const endpoint = metricsListener([processRegistry, registry], host, port);
  app.addHook('onClose', async () => endpoint.close());
  return endpoint;
}

/** A listener that serves GET /metrics from `registries` and nothing else. */
export function metricsListener(registries: Registry[], host: string, port: number): MetricsEndpoint {
  collectProcessMetrics();
  const merged = Registry.merge(registries);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    merged.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': merged.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`metrics failed: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  // A scraper's idle keep-alive connection must not hold the process open at shutdown.
  server.keepAliveTimeout = 5_000;
  let listening = false;
  return {
    listen: () =>
      new Promise<AddressInfo>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          listening = true;
          resolve(server.address() as AddressInfo);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!listening) return resolve();
        listening = false;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A worker process's metrics (`npm run worker` with METRICS_PORT): its jobs, the queue's depth, Node's own. */
export function workerMetrics(
  queue: QueueDepths,
  { host, port }: { host: string; port: number },
): MetricsEndpoint {
  const registry = new Registry();
  queueDepthGauge(queue, registry);
  return metricsListener([processRegistry, registry], host, port);
}
