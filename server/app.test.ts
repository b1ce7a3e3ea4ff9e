import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp, openTestPglite, type TestApp } from './test/test-app.ts';
import { loadConfig } from './config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
});
afterAll(async () => t?.close());

describe('the app', () => {
  it('answers the health check once migrations ran', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a 404 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
  });

  it('answers malformed JSON bodies with a 400 problem, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ status: res.statusCode });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBeLessThan(400);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/architectural_styles/', '/api/buildings/geojson', '/api/buildings/{id}']),
    );
    const geo = doc.paths['/api/buildings/geojson'] as { get: { parameters: { name: string }[] } };
    expect(geo.get.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'north',
        'south',
        'east',
        'west',
        'builtBeforeDate',
        'builtAfterDate',
        'archStyles',
        'standingInYear',
      ]),
    );
  });
});

describe('serving the web app', () => {
  it('answers every non-API path with index.html so deep links work', async () => {
    const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>atlas</title>');
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED: 'false' }), webDir };
    const app = await buildApp(config, { database: await openTestPglite(), logger: false });
    try {
      for (const url of ['/', '/login', '/anything/else']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Atlas of Buildings</title>');
      }
      // Unknown buildings and users: the app still (it shows its own message), with a 404 status.
      for (const url of ['/buildings/3', '/gallery/3', '/user/demo/lists']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('<!doctype html>');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const api = await app.inject({ method: 'GET', url: '/api/buildings/geojson?north=x' });
      expect(api.statusCode).toBe(400);
    } finally {
      await app.close();
      await fs.rm(webDir, { recursive: true, force: true });
    }
  });
});
