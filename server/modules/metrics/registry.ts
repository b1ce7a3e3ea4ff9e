/**
 * The process's own metrics, counted wherever the work happens (jobs, the map cache) whether or
 * not METRICS_PORT is set: an increment costs nanoseconds. What reads them, the /metrics listener
 * and the gauges read at scrape time, is in metrics.ts and exists only with METRICS_PORT.
 */
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/** One per process: a process exposes one /metrics (the server's, or a worker's). */
export const processRegistry = new Registry();

/** Job attempts that ended, by job and outcome: `completed` or `failed` (a failed attempt may be retried). */
export const jobAttempts = new Counter({
  name: 'atlas_job_attempts_total',
  help: 'Job attempts run by this process, by job and outcome (completed, failed; a failed attempt may be retried).',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

/**
 * Lookups in the rendered map bodies' cache: `url` (the request URL seen before, answered without
 * planning) and `render` (the planned window or viewport: a miss renders from the database).
 */
export const mapCacheLookups = new Counter({
  name: 'atlas_map_cache_lookups_total',
  help: 'Lookups in the cache of rendered map bodies, by lookup (url, render) and result (hit, miss).',
  labelNames: ['lookup', 'result'] as const,
  registers: [processRegistry],
});

let defaultsOn = false;

/**
 * Node's own metrics on the process registry: event loop delay (`nodejs_eventloop_lag_*`),
 * heap and RSS, CPU, GC, open handles. Once per process, on the first listener that asks.
 */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}
