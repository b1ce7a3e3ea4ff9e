/**
 * Prometheus metrics (METRICS_PORT): served on a listener of their own after real traffic, read
 * back with a Prometheus text-format parser as a scraper would.
 */
import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usesPostgres, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import { uploadAndProcess, widePng } from '../../test/images.ts';

let t: TestApp;
let base: string;
let metricsBase: string;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', METRICS_PORT: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const metrics = await t.app.metrics!.listen();
  metricsBase = `http://127.0.0.1:${metrics.port}`;
});
afterAll(async () => t?.close());

async function scrape(): Promise<{ text: string; families: Map<string, PrometheusFamily> }> {
  const res = await fetch(`${metricsBase}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, families: new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f])) };
}

/** The value of the sample of `family` whose labels include `labels`, or undefined. */
function sample(families: Map<string, PrometheusFamily>, family: string, labels: Record<string, string>) {
  const found = families
    .get(family)
    ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return found;
}

describe('metrics on METRICS_PORT', () => {
  it('counts requests by route pattern, jobs by outcome, and reports the event loop delay', async () => {
    // Two URLs of one route: one series, not one per URL.
    for (const query of ['north=60&south=35&east=30&west=-10', 'north=61&south=35&east=30&west=-10&zoom=5']) {
      const res = await fetch(`${base}/api/buildings/geojson?${query}`);
      expect(res.status).toBe(200);
    }
    expect((await fetch(`${base}/api/buildings/987654`)).status).toBe(404);
    expect((await fetch(`${base}/api/no-such-route/42?x=1`)).status).toBe(404);
    // Job counters are the process's (the queue's workers count them), and other test files of
    // this worker process run thumbnail jobs too: count this test's job from a scrape before it.
    const completedBefore = Number(
      sample((await scrape()).families, 'atlas_job_attempts_total', {
        job: 'thumbnail',
        outcome: 'completed',
      })?.value ?? 0,
    );
    const ada = await signIn(t.app, 'ada');
    const buildingId = await insertBuilding(t.app.db, 'Counted House', await userId(t.app.db, 'ada'));
    const { statuses } = await uploadAndProcess(t.app, base, ada, buildingId, [
      { data: await widePng(400, 200), fileExt: '.png' },
    ]);
    expect(statuses).toEqual(['SUCCESS']);

    const { text, families: m } = await scrape();
    expect(m.get('atlas_http_requests_total')?.type).toBe('COUNTER');
    expect(
      sample(m, 'atlas_http_requests_total', {
        method: 'GET',
        route: '/api/buildings/geojson',
        status: '200',
      })?.value,
    ).toBe('2');
    // The parser keeps a histogram's count only when it has no labels: read that line itself.
    expect(m.get('atlas_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(text).toContain(
      'atlas_http_request_duration_seconds_count{method="GET",route="/api/buildings/geojson"} 2\n',
    );
    expect(
      sample(m, 'atlas_http_requests_total', { method: 'GET', route: '/api/buildings/:id', status: '404' })
        ?.value,
    ).toBe('1');
    expect(
      sample(m, 'atlas_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })?.value,
    ).toBe('1');
    // No label carries a raw URL: ids and query strings never become series.
    const routes = m.get('atlas_http_requests_total')!.metrics.map((s) => s.labels?.route ?? '');
    expect(routes.filter((r) => /\d|\?/.test(r))).toEqual([]);

    expect(
      Number(sample(m, 'atlas_job_attempts_total', { job: 'thumbnail', outcome: 'completed' })?.value) -
        completedBefore,
    ).toBe(1);
    expect(sample(m, 'atlas_job_queue_depth', { job: 'thumbnail' })?.value).toBe('0');
    // The first geojson request rendered (miss), the map cache's bytes hold its body.
    expect(
      Number(sample(m, 'atlas_map_cache_lookups_total', { lookup: 'render', result: 'miss' })?.value),
    ).toBeGreaterThan(0);
    expect(Number(sample(m, 'atlas_map_cache_bytes', {})?.value)).toBeGreaterThan(0);
    // PostgreSQL: the app's pool of 10 and how many of them are idle; PGlite: its one connection.
    expect(sample(m, 'atlas_db_pool_connections', { state: 'max' })?.value).toBe(usesPostgres() ? '10' : '1');
    if (usesPostgres())
      expect(sample(m, 'atlas_db_pool_connections', { state: 'idle' })?.value).toBeDefined();

    expect(m.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('GAUGE');
    expect(Number(sample(m, 'nodejs_eventloop_lag_p99_seconds', {})?.value)).toBeGreaterThanOrEqual(0);
    expect(Number(sample(m, 'process_resident_memory_bytes', {})?.value)).toBeGreaterThan(0);
  });

  it('serves nothing but /metrics on its port, and no /metrics on the main port', async () => {
    expect((await fetch(`${metricsBase}/`)).status).toBe(404);
    expect((await fetch(`${metricsBase}/api/health`)).status).toBe(404);
    const main = await fetch(`${base}/metrics`);
    expect(main.status).toBe(404);
    expect(await main.text()).not.toContain('atlas_http_requests_total');
  });
});
