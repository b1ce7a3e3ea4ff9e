import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePmtiles } from '../../../scripts/basemap/pmtiles-writer.ts';
import type { BasemapManifest } from '../../geo/basemap-file.ts';
import { loadConfig } from '../../config.ts';
import { basemapRoutes, openServedBasemap } from './basemap.routes.ts';

const VERSION = 'abc123def456';
const TILE = Buffer.from('a vector tile');
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-basemap-'));
  const { archive, stats } = writePmtiles({
    tiles: [
      { z: 0, x: 0, y: 0, data: zlib.gzipSync(TILE) },
      { z: 3, x: 4, y: 2, data: zlib.gzipSync(TILE) },
    ],
    metadata: {},
    minZoom: 0,
    maxZoom: 6,
    bounds: [-180, -85, 180, 85],
    center: [0, 40, 3],
  });
  const file = `world-${VERSION}.pmtiles`;
  fs.writeFileSync(path.join(dir, file), archive);
  const manifest: BasemapManifest = { version: VERSION, file, seconds: 0, largestTileBytes: 0, ...stats };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  app = Fastify();
  app.decorate('config', loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://atlas.example' }));
  await app.register(basemapRoutes, { basemap: await openServedBasemap(app.log, dir) });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fs.promises.rm(dir, { recursive: true, force: true });
});

describe('GET /basemap (the offline world basemap)', () => {
  it('names the versioned tile URLs on PUBLIC_URL, whatever Host the request names, in a TileJSON that is revalidated', async () => {
    const res = await app.inject({ url: '/basemap/tiles.json', headers: { host: 'evil.example:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({
      tilejson: '3.0.0',
      tiles: [`https://atlas.example/basemap/${VERSION}/{z}/{x}/{y}.mvt`],
      minzoom: 0,
      maxzoom: 6,
    });
    expect(res.json<{ attribution: string }>().attribution).toMatch(/Natural Earth.*GeoNames/);
  });

  it('sends a stored tile gzip-encoded, cached for a year as immutable', async () => {
    const res = await app.inject({
      url: `/basemap/${VERSION}/3/4/2.mvt`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(res.rawPayload)).toEqual(TILE);
  });

  it('sends the tile uncompressed to a client that does not accept gzip', async () => {
    for (const acceptEncoding of ['identity', 'gzip;q=0']) {
      const res = await app.inject({
        url: `/basemap/${VERSION}/0/0/0.mvt`,
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload).toEqual(TILE);
    }
  });

  it('answers 204 (an empty tile, cacheable) where the archive has none', async () => {
    const res = await app.inject({ url: `/basemap/${VERSION}/3/0/0.mvt` });
    expect(res.statusCode).toBe(204);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses other versions and malformed tile paths with a 404 problem', async () => {
    for (const url of [
      '/basemap/000000000000/0/0/0.mvt',
      `/basemap/${VERSION}/0/1/0.mvt`,
      `/basemap/${VERSION}/3/4/2.png`,
      `/basemap/${VERSION}/0/0/0.mvt/more`,
      `/basemap/${VERSION}/0/0/%2e%2e%2fpackage.json`,
      `/basemap/${VERSION}/x/y/z.mvt`,
      `/basemap/${VERSION}/99/0/0.mvt`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});

describe('GET /basemap without an archive', () => {
  it('answers 404 problems and the server still starts', async () => {
    const empty = Fastify();
    empty.decorate('config', loadConfig({ NODE_ENV: 'test' }));
    const basemap = await openServedBasemap(empty.log, path.join(os.tmpdir(), 'atlas-no-basemap-here'));
    expect(basemap).toBeUndefined();
    await empty.register(basemapRoutes, { basemap });
    const res = await empty.inject({ url: '/basemap/tiles.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/npm run build/);
    await empty.close();
  });
});

describe('GET /basemap/tiles.json without PUBLIC_URL', () => {
  it('names the tiles on the local default address, http://HOST:PORT', async () => {
    const local = Fastify();
    local.decorate('config', loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '3000' }));
    await local.register(basemapRoutes, { basemap: await openServedBasemap(local.log, dir) });
    const res = await local.inject({ url: '/basemap/tiles.json', headers: { host: 'evil.example' } });
    expect(res.json<{ tiles: string[] }>().tiles).toEqual([
      `http://127.0.0.1:3000/basemap/${VERSION}/{z}/{x}/{y}.mvt`,
    ]);
    await local.close();
  });
});
