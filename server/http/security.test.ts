import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, openTestPglite, type TestApp } from '../test/test-app.ts';
import { cspDirectives, inlineScriptHashes } from './security.ts';

/** The CSP header as directive → sources. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('inline scripts', () => {
  it('hashes inline scripts only', () => {
    const body = "\n  (function () { document.documentElement.dataset.x = '1'; })();\n";
    const html = `<head><script>${body}</script><script type="module" src="/assets/a.js"></script></head>`;
    const expected = crypto.createHash('sha256').update(body).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${expected}'`]);
  });
});

describe('the Content-Security-Policy of a plain local setup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED: 'false' });
  });
  afterAll(async () => t?.close());

  it('allows the app itself only, plus what MapLibre and Mantine need', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends no HSTS over http and no x-powered-by', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('puts the same headers on errors and gives each response a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    // No trusted proxy here: a client cannot choose its request id (hardening.test.ts: behind one).
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0001<script>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the Content-Security-Policy of a configured production setup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SEED: 'false',
      PUBLIC_URL: 'https://atlas.example.org',
      GOOGLE_CLIENT_ID: 'client-1.apps.googleusercontent.com',
      VITE_TILE_URL_LIGHT: 'https://{s}.tiles.example.net/light/{z}/{x}/{y}.png',
      VITE_TILE_URL_DARK:
        'https://dark.example.net/{z}/{x}/{y}.png,https://tiles.example.net/d/{z}/{x}/{y}.png',
      CSP_EXTRA_ORIGINS: 'https://places.example.com',
      STORAGE: 's3',
      S3_BUCKET: 'atlas-media',
      S3_PUBLIC_URL: 'https://cdn.example.org/media',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
    });
  });
  afterAll(async () => t?.close());

  it('adds the tile service, the media CDN, Google sign-in and the extra origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = parseCsp(res.headers['content-security-policy']);
    const tiles = ['https://*.tiles.example.net', 'https://dark.example.net', 'https://tiles.example.net'];
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining([...tiles, 'https://cdn.example.org', 'https://*.googleusercontent.com']),
    );
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([...tiles, 'https://cdn.example.org', 'https://accounts.google.com/gsi/']),
    );
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/',
      'https://places.example.com',
    ]);
    expect(csp.get('frame-src')).toEqual(['https://accounts.google.com/gsi/', 'https://places.example.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends HSTS when the public URL is https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the inline theme script of the built page', () => {
  it('is allowed by its hash, computed from index.html at start', async () => {
    const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-web-'));
    const script = "document.documentElement.setAttribute('data-x', 'y');";
    await fs.writeFile(
      path.join(webDir, 'index.html'),
      `<!doctype html><script>${script}</script><title>atlas</title>`,
    );
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED: 'false', NODE_ENV: 'test' }), webDir };
    const app = await buildApp(config, { database: await openTestPglite(), logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(200);
      const hash = crypto.createHash('sha256').update(script).digest('base64');
      expect(parseCsp(res.headers['content-security-policy']).get('script-src')).toEqual([
        "'self'",
        `'sha256-${hash}'`,
      ]);
    } finally {
      await app.close();
      await fs.rm(webDir, { recursive: true, force: true });
    }
  });

  it('matches what cspDirectives makes from the real page', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const html = '<script>a()</script><script>b()</script>';
    expect(cspDirectives(config, html)['script-src']).toHaveLength(3);
  });
});
