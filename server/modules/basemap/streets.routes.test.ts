import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streetsArchivePath } from '#domain/streets-basemap';
import { writePmtiles } from '../../../scripts/basemap/pmtiles-writer.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { openStreetsArchive } from './streets-archive.ts';
import { openServedStreets, streetsRoutes } from './streets.routes.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A small archive in the PMTiles layout (the bytes are what matters here, not the map). */
function archiveBytes(label: string): Buffer {
  return writePmtiles({
    tiles: [13, 14, 15].map((z) => ({ z, x: 0, y: 0, data: zlib.gzipSync(Buffer.from(`${label} ${z}`)) })),
    metadata: { name: label },
    minZoom: 13,
    maxZoom: 15,
    bounds: [2.15, 41.38, 2.18, 41.4],
    center: [2.165, 41.39, 14],
  }).archive;
}

async function appServing(location: string | undefined): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(streetsRoutes, { archive: await openServedStreets(app.log, location) });
  await app.ready();
  return app;
}

let dir: string;
let file: string;
let bytes: Buffer;

beforeAll(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-streets-'));
  file = path.join(dir, 'city.pmtiles');
  bytes = archiveBytes('local');
  await fs.promises.writeFile(file, bytes);
});

afterAll(async () => {
  await fs.promises.rm(dir, { recursive: true, force: true });
});

describe('GET /basemap/streets/<version>.pmtiles from a local file', () => {
  let app: FastifyInstance;
  let url: string;
  let etag: string;

  beforeAll(async () => {
    app = await appServing(file);
    const archive = await openStreetsArchive(file);
    await archive.close();
    url = streetsArchivePath(archive.version);
    etag = archive.etag;
  });
  afterAll(() => app.close());

  it('sends the whole archive with its validators, cached for a year as immutable, and says it takes ranges', async () => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['last-modified']).toBe(fs.statSync(file).mtime.toUTCString());
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers a range with 206, the bytes asked for and where they sit (the PMTiles header read)', async () => {
    const res = await app.inject({ url, headers: { range: 'bytes=0-126' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-126/${bytes.length}`);
    expect(res.headers['content-length']).toBe('127');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(bytes.subarray(0, 127))).toBe(true);
    const tail = await app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it('answers a range starting past the end with 416 and the archive size', async () => {
    const res = await app.inject({ url, headers: { range: `bytes=${bytes.length}-` } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('sends the whole archive when If-Range names another version, the range when it names this one', async () => {
    const stale = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': '"000000000000"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
    const fresh = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
  });

  it('answers 304 to a browser that has this version (If-None-Match)', async () => {
    const res = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers HEAD with the size and validators and no body, for a whole archive or a range', async () => {
    const whole = await app.inject({ method: 'HEAD', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers.etag).toBe(etag);
    expect(whole.rawPayload.length).toBe(0);
    const part = await app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.length).toBe(0);
  });

  it('answers an old or unknown version with a 404 problem saying to reload, never with other bytes', async () => {
    for (const other of [streetsArchivePath('000000000000'), '/basemap/streets/anything', `${url}x`]) {
      const res = await app.inject({ url: other });
      expect(res.statusCode, other).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('the streets archive’s version', () => {
  it('names the archive’s bytes: the same on every machine that has a copy, another for another archive', async () => {
    const copy = path.join(dir, 'copy.pmtiles');
    const other = path.join(dir, 'other.pmtiles');
    await fs.promises.writeFile(copy, bytes);
    await fs.promises.utimes(copy, new Date('2020-01-01'), new Date('2020-01-01'));
    await fs.promises.writeFile(other, archiveBytes('another build'));
    const versions = [];
    for (const f of [file, copy, other]) {
      const archive = await openStreetsArchive(f);
      versions.push(archive.version);
      await archive.close();
    }
    expect(versions[0]).toMatch(/^[0-9a-f]{12}$/);
    expect(versions[1]).toBe(versions[0]);
    expect(versions[2]).not.toBe(versions[0]);
  });
});

describe('the streets archive when none is configured or it cannot be read', () => {
  it('answers 404 problems, and the server starts without it', async () => {
    const app = await appServing(undefined);
    const res = await app.inject({ url: streetsArchivePath('abcdefabcdef') });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/BASEMAP_PMTILES/);
    await app.close();
  });

  it('opens nothing from a file that is not a PMTiles archive or is missing', async () => {
    const notAnArchive = path.join(dir, 'notes.txt');
    await fs.promises.writeFile(notAnArchive, 'x'.repeat(200));
    const app = Fastify();
    expect(await openServedStreets(app.log, notAnArchive)).toBeUndefined();
    expect(await openServedStreets(app.log, path.join(dir, 'missing.pmtiles'))).toBeUndefined();
    await app.close();
  });
});

/**
 * A stand-in for the remote host an archive lives on (the test's own HTTP server): byte ranges with
 * a strong ETag and If-Match, as object stores and CDNs answer them. `ignoreRanges` makes it a
 * server that cannot serve ranges.
 */
function fakeUpstream() {
  const state = {
    body: archiveBytes('remote'),
    etag: '"upstream-v1"',
    ignoreRanges: false,
    requests: [] as { method: string; range?: string; ifMatch?: string }[],
  };
  const server = http.createServer((req, res) => {
    state.requests.push({
      method: req.method ?? '',
      range: req.headers.range,
      ifMatch: req.headers['if-match'],
    });
    const ifMatch = req.headers['if-match'];
    if (ifMatch && ifMatch !== state.etag) {
      res.writeHead(412).end();
      return;
    }
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!m || state.ignoreRanges) {
      res.writeHead(200, { etag: state.etag, 'content-length': state.body.length }).end(state.body);
      return;
    }
    const [start, end] = [Number(m[1]), Math.min(Number(m[2]), state.body.length - 1)];
    res
      .writeHead(206, {
        etag: state.etag,
        'content-range': `bytes ${start}-${end}/${state.body.length}`,
        'content-length': end - start + 1,
      })
      .end(state.body.subarray(start, end + 1));
  });
  return { state, server };
}

describe('GET /basemap/streets/<version>.pmtiles proxied from a remote archive', () => {
  const { state, server } = fakeUpstream();
  let remote: string;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Plain http only because the stand-in is local; config.ts allows http:// only when NODE_ENV=test.
    remote = `http://127.0.0.1:${(server.address() as AddressInfo).port}/planet.pmtiles?key=secret`;
    app = await appServing(remote);
    url = streetsArchivePath((await openStreetsArchive(remote)).version);
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('passes a range on to the archive’s server, guarded by its ETag, and sends its bytes as ours (206, immutable)', async () => {
    state.requests.length = 0;
    const res = await app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${state.body.length}`);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{12}"$/);
    expect(res.rawPayload.equals(state.body.subarray(100, 200))).toBe(true);
    expect(state.requests).toEqual([{ method: 'GET', range: 'bytes=100-199', ifMatch: '"upstream-v1"' }]);
  });

  it('answers HEAD and out-of-range requests without asking the archive’s server', async () => {
    state.requests.length = 0;
    const head = await app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-9' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('10');
    const beyond = await app.inject({ url, headers: { range: `bytes=${state.body.length + 5}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(state.requests).toEqual([]);
  });

  it('answers 502, not other bytes under the same URL, once the archive changed upstream', async () => {
    state.etag = '"upstream-v2"';
    try {
      const res = await app.inject({ url, headers: { range: 'bytes=0-9' } });
      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['cache-control']).toBeUndefined();
    } finally {
      state.etag = '"upstream-v1"';
    }
  });

  it('refuses at start an archive whose server ignores ranges (it would send whole planets)', async () => {
    state.ignoreRanges = true;
    try {
      await expect(openStreetsArchive(remote)).rejects.toThrow(/Range requests/);
    } finally {
      state.ignoreRanges = false;
    }
  });

  it('logs where the archive is without the URL’s query, which may hold a key', async () => {
    const archive = await openStreetsArchive(remote);
    expect(archive.describe).not.toContain('secret');
  });

  it('names the same version as a local copy of the same archive', async () => {
    const copy = path.join(dir, 'remote-copy.pmtiles');
    await fs.promises.writeFile(copy, state.body);
    const local = await openStreetsArchive(copy);
    await local.close();
    expect((await openStreetsArchive(remote)).version).toBe(local.version);
  });
});

describe('BASEMAP_PMTILES in the configuration', () => {
  it('takes a file path (made absolute) or an https:// URL', () => {
    expect(loadConfig({ BASEMAP_PMTILES: 'maps/city.pmtiles' }, '/srv/atlas').basemapPmtiles).toBe(
      '/srv/atlas/maps/city.pmtiles',
    );
    expect(loadConfig({ BASEMAP_PMTILES: 'https://maps.example/v4.pmtiles' }).basemapPmtiles).toBe(
      'https://maps.example/v4.pmtiles',
    );
    expect(loadConfig({}).basemapPmtiles).toBeUndefined();
  });

  it('refuses plain http:// outside tests, and other schemes', () => {
    expect(() => loadConfig({ BASEMAP_PMTILES: 'http://maps.example/v4.pmtiles' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', BASEMAP_PMTILES: 'http://maps.example/v4.pmtiles' }),
    ).toThrow(/https:\/\//);
    expect(() => loadConfig({ BASEMAP_PMTILES: 'ftp://maps.example/v4.pmtiles' })).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'test', BASEMAP_PMTILES: 'http://127.0.0.1:9/a.pmtiles' }).basemapPmtiles,
    ).toBe('http://127.0.0.1:9/a.pmtiles');
  });
});
