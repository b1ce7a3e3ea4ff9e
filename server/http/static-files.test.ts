/**
 * The web app's files: each served by its own route, the compressed copy the client accepts sent
 * in its place, hashed assets kept for a year, and nothing else of the folder answered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, registerStaticFiles } from './static-files.ts';

describe('static files of the built web app', () => {
  let app: FastifyInstance;
  let dir: string;
  const script = 'console.log("the app");'.repeat(50);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-static-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
    app = Fastify();
    await registerStaticFiles(app, dir);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a client that accepts it, the gzip one or the file to others', async () => {
    const br = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    const gz = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates files outside /assets, and answers HEAD', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe(REVALIDATE);
    expect((await app.inject({ method: 'HEAD', url: '/assets/index-abc.js' })).statusCode).toBe(200);
  });

  it('has no route for the compressed copies themselves, nor for files it does not hold', async () => {
    expect(app.hasRoute({ method: 'GET', url: '/assets/index-abc.js' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/assets/index-abc.js.br' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/assets/index-abc.js.gz' })).toBe(false);
    expect((await app.inject({ url: '/assets/index-abc.js.br' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/other.js' })).statusCode).toBe(404);
  });
});
