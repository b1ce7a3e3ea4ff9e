import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { COMPRESS_MIN_BYTES, encodeBody, etagMatches, negotiateEncoding } from './compression.ts';

describe('negotiateEncoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
  });

  it('matches ETags weakly, lists and *', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });

  it('encodes a body once in both encodings, small bodies not at all', async () => {
    const big = await encodeBody(Buffer.from(JSON.stringify({ x: 'y'.repeat(5000) })));
    expect(zlib.brotliDecompressSync(big.br!).equals(big.raw)).toBe(true);
    expect(zlib.gunzipSync(big.gzip!).equals(big.raw)).toBe(true);
    const small = await encodeBody(Buffer.from('{}'));
    expect(small.br).toBeUndefined();
    expect(small.gzip).toBeUndefined();
  });
});

describe('compressed API answers', () => {
  let t: TestApp;
  // The seeded world view: about a hundred points, well over a kilobyte.
  const world = '/api/buildings/geojson?north=85&south=-85&east=180&west=-180';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a map answer in brotli, gzip or as it is, with one ETag, and 304 when unchanged', async () => {
    const plain = await t.app.inject({ method: 'GET', url: world });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await t.app.inject({
      method: 'GET',
      url: world,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.etag).toBe(etag);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await t.app.inject({ method: 'GET', url: world, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    const again = await t.app.inject({
      method: 'GET',
      url: world,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // The same query spelled differently misses the URL cache but renders the same bytes.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/buildings/geojson?west=-180&north=85&south=-85&east=180',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(304);
  });

  it('compresses other JSON over a kilobyte when accepted, and leaves small answers alone', async () => {
    const doc = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(doc.rawPayload).toString())).toHaveProperty('openapi');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const none = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toMatch(/accept-encoding/i);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    // A problem answer stays a readable problem whatever its size.
    const problem = await t.app.inject({
      method: 'GET',
      url: '/api/buildings/geojson?north=x',
      headers: { 'accept-encoding': 'br' },
    });
    expect(problem.statusCode).toBe(400);
    const text =
      problem.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(problem.rawPayload).toString()
        : problem.body;
    expect(JSON.parse(text)).toMatchObject({ status: 400 });
  });
});
