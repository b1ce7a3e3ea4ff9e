/**
 * The export over a real socket: with 20k generated buildings the GeoJSON (≈ 8 MB) is
 * larger than what the loopback's socket buffers take from a client that stops reading (≈ 4 MB of
 * send buffer at most, tcp_wmem), so such a client holds the export open. That
 * shows the reply is streamed with backpressure (the server waits for the reader rather than
 * reading everything ahead), and exercises the one-export-per-client guard: a second export from
 * the same address meanwhile is a 429 with Retry-After, and the guard is released when an export
 * ends or its client goes away. The 100k memory bound is measured by `npm run bench:export`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFeatureCollectionSchema } from '#domain/export';
import { loadBuildings } from '../../../bench/generate.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { EXPORT_RETRY_AFTER_SECONDS } from './buildings.export.routes.ts';

const BUILDINGS = 20_000;

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  await loadBuildings(t.app.db, BUILDINGS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => t?.close());

/** Starts a GET and resolves with the response once its headers are in, paused. */
function open(path: string): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, (res) => {
      res.pause();
      resolve({ req, res });
    });
    req.on('error', reject);
  });
}

async function readAll(res: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of res) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /api/buildings/export over a socket', () => {
  it('waits for a slow reader, refuses a second export from it meanwhile, and finishes whole', async () => {
    const first = await open('/api/buildings/export?format=geojson');
    expect(first.res.statusCode).toBe(200);
    expect(first.res.headers['transfer-encoding']).toBe('chunked');
    await sleep(500);

    const second = await open('/api/buildings/export?format=csv');
    expect(second.res.statusCode).toBe(429);
    expect(second.res.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    expect(second.res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(await readAll(second.res))).toMatchObject({ status: 429 });

    const body = exportFeatureCollectionSchema.parse(JSON.parse(await readAll(first.res)));
    expect(body.features.length).toBe(BUILDINGS);
    const ids = body.features.map((f) => f.id);
    expect(new Set(ids).size).toBe(BUILDINGS);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Finished: the next export from the same client is served.
    const third = await open('/api/buildings/export?format=csv&builtAfterDate=2000');
    expect(third.res.statusCode).toBe(200);
    const csv = await readAll(third.res);
    expect(csv.split('\r\n').length).toBeGreaterThan(2);
  });

  it('stops reading and frees the guard when the client goes away mid-download', async () => {
    const gone = await open('/api/buildings/export?format=geojson');
    expect(gone.res.statusCode).toBe(200);
    gone.req.destroy();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await sleep(100);
      const next = await open('/api/buildings/export?format=csv&standingInYear=1000');
      status = next.res.statusCode ?? 0;
      await readAll(next.res);
    }
    expect(status).toBe(200);
  });
});
