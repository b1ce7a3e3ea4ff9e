/**
 * How responsive the server's thread stays while something long runs: its event-loop delay
 * (node:perf_hooks monitorEventLoopDelay) and the latency of GET /api/health/live sampled every
 * 50 ms. The benchmark's client shares the server's process, as in the tests: a stalled event
 * loop delays both. docs/decisions/2026-11-27-embedded-database-in-a-worker-thread.md
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Responsiveness {
  seconds: number;
  /** Event-loop delay of the server's thread, ms. */
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** GET /api/health/live, sampled every 50 ms while the work ran. */
  liveSamples: number;
  liveP99Ms: number;
  liveMaxMs: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? 0;
}

/** Runs `work` while measuring the event loop and sampling the liveness probe of `base`. */
export async function measureResponsiveness<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ result: T; responsiveness: Responsiveness }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const started = performance.now();
  histogram.enable();
  let finished = false;
  const running = work().finally(() => (finished = true));
  const live: number[] = [];
  while (!finished) {
    const t = performance.now();
    const res = await fetch(`${base}/api/health/live`);
    await res.arrayBuffer();
    const took = performance.now() - t;
    live.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - took)));
  }
  const result = await running;
  histogram.disable();
  const ms = (ns: number) => round1(ns / 1e6);
  return {
    result,
    responsiveness: {
      seconds: round1((performance.now() - started) / 1000),
      loopDelayP50Ms: ms(histogram.percentile(50)),
      loopDelayP99Ms: ms(histogram.percentile(99)),
      loopDelayMaxMs: ms(histogram.max),
      liveSamples: live.length,
      liveP99Ms: round1(percentile(live, 0.99)),
      liveMaxMs: round1(Math.max(0, ...live)),
    },
  };
}

/** One line for the console. */
export function formatResponsiveness(r: Responsiveness): string {
  return (
    `${r.seconds} s; event-loop delay p50 ${r.loopDelayP50Ms} ms, p99 ${r.loopDelayP99Ms} ms, max ${r.loopDelayMaxMs} ms; ` +
    `/api/health/live p99 ${r.liveP99Ms} ms, max ${r.liveMaxMs} ms (${r.liveSamples} samples)`
  );
}
