/**
 * A flood of distinct map viewports must not grow the memory held for map
 * answers beyond GEOJSON_CACHE_MB. Every request below asks for a slightly different viewport of
 * the seeded catalogue, so each body differs (its bbox names the exact viewport) and each URL is new.
 */
import { encodedBodyBytes, type EncodedBody } from '../../http/compression.ts';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usesPostgres, type TestApp } from '../../test/test-app.ts';

const BUDGET_MB = 0.5;
const BUDGET = BUDGET_MB * 1024 * 1024;
const REQUESTS = 300;

let t: TestApp;

/** A full collection, so that what is still reachable afterwards is what the app keeps. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

beforeAll(async () => {
  t = await createTestApp({ GEOJSON_CACHE_MB: String(BUDGET_MB) });
});

afterAll(async () => {
  await t?.close();
});

const viewport = (i: number) =>
  `/api/buildings/geojson?north=85&south=-85.${String(i + 1).padStart(6, '0')}&east=180&west=-180`;

describe('the map cache under a flood of distinct viewports', () => {
  it('holds at most GEOJSON_CACHE_MB of real bytes, counted and measured', async () => {
    const map = t.app.mapBodies;
    const first = await t.app.inject({ method: 'GET', url: viewport(0) });
    expect(first.statusCode).toBe(200);
    const bodyBytes = first.rawPayload.length;
    // The attack only means something if the flood's bodies would overflow the budget many times over.
    expect(bodyBytes * REQUESTS).toBeGreaterThan(20 * BUDGET);

    collectGarbage();
    const before = process.memoryUsage().arrayBuffers;
    for (let i = 1; i < REQUESTS; i++) {
      const res = await t.app.inject({ method: 'GET', url: viewport(i) });
      expect(res.statusCode).toBe(200);
      expect(map.retainedBytes).toBeLessThanOrEqual(BUDGET);
    }
    // The last bodies are still served from the cache (the cache works, it is only bounded)…
    const again = await t.app.inject({ method: 'GET', url: viewport(REQUESTS - 1) });
    expect(again.statusCode).toBe(200);
    expect(map.retainedBytes).toBeGreaterThan(bodyBytes);
    // What the URL index still answers with, counted from the outside: distinct bodies and their URLs.
    const held = new Set<EncodedBody>();
    let urlBytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const body = await map.bodyForUrl(viewport(i));
      if (body) {
        held.add(body);
        urlBytes += viewport(i).length;
      }
    }
    const bodiesBytes = [...held].reduce((n, b) => n + encodedBodyBytes(b), 0);
    expect(held.size).toBeGreaterThan(0);
    expect(bodiesBytes + urlBytes).toBeLessThanOrEqual(BUDGET);
    if (usesPostgres()) {
      // The bytes still alive after a full collection are within the budget (plus slack for
      // whatever else the process allocated meanwhile), not one body per request. (PGlite's
      // WebAssembly memory is an ArrayBuffer too and grows with the queries: measured on
      // PostgreSQL only.)
      // Buffers of answers still in flight (the pg driver's, a response being finished) are freed
      // a few ticks later: collect until the figure stops falling, at most five times.
      let after = Infinity;
      for (let i = 0; i < 5; i++) {
        collectGarbage();
        const now = process.memoryUsage().arrayBuffers;
        if (now >= after) break;
        after = now;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const grown = after - before;
      expect(grown).toBeLessThan(BUDGET + 4 * 1024 * 1024);
    }
  });
});
