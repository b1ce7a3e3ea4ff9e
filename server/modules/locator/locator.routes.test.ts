import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locatorUrl } from '#domain/endpoints/locator';
import { LOCATOR_VERSION } from '#domain/locator';
import { BASEMAP_PALETTE } from '#domain/map-palette';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LOCATOR_IMMUTABLE, LOCATOR_UNVERSIONED } from './locator.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

// jsdom (a dev dependency) ships no types; its DOMParser is the standard one (DOM lib types).
const jsdomModule = 'jsdom';
const { JSDOM } = (await import(jsdomModule)) as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};
const XmlParser = new JSDOM('').window.DOMParser;

interface Svg {
  root: Element;
  paths: { d: string; fill: string }[];
  /** The last circle: the dot. */
  dot: { cx: number; cy: number } | undefined;
}

/** Parses the answer as XML (a parse error fails the test) and reads its shapes. */
function parseSvg(body: string): Svg {
  const doc = new XmlParser().parseFromString(body, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const root = doc.documentElement;
  expect(root.tagName).toBe('svg');
  expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
  const paths = [...root.getElementsByTagName('path')].map((p) => ({
    d: p.getAttribute('d') ?? '',
    fill: p.getAttribute('fill') ?? '',
  }));
  const circle = [...root.getElementsByTagName('circle')].at(-1);
  const dot = circle && { cx: Number(circle.getAttribute('cx')), cy: Number(circle.getAttribute('cy')) };
  return { root, paths, dot };
}

describe('GET /api/locator.svg', () => {
  it('draws the country outline and a dot at the point, as a cacheable SVG', async () => {
    const res = await get(locatorUrl([2.3522, 48.8566], 'light'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe(LOCATOR_IMMUTABLE);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['content-security-policy']).toBeDefined();
    const svg = parseSvg(res.body);
    expect(svg.root.getAttribute('viewBox')).toBe('0 0 400 240');
    const shapes = svg.paths;
    // Neighbours' land and the country, each a real outline.
    expect(shapes.length).toBe(2);
    for (const p of shapes) expect(p.d).toMatch(/^M\d+ \d+l[\d -]+/);
    expect(shapes[0]?.fill).toBe(BASEMAP_PALETTE.light.land);
    // The dot lies inside the picture, in the framed middle.
    expect(svg.dot?.cx).toBeGreaterThan(60);
    expect(svg.dot?.cx).toBeLessThan(340);
    expect(svg.dot?.cy).toBeGreaterThan(30);
    expect(svg.dot?.cy).toBeLessThan(210);
    expect(res.body.length).toBeLessThan(8000);
    // No script, no external reference, no text.
    expect(res.body).not.toMatch(/<script|href|<text|on\w+=/i);
  });

  it('gives the same bytes and ETag for the same input, and 304 on revalidation', async () => {
    const url = locatorUrl([-0.1276, 51.5072], 'dark');
    const a = await get(url);
    const b = await get(url.replace('lng=-0.13', 'lng=-0.1276'));
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
    const again = await get(url, { 'if-none-match': String(a.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('differs between the light and dark palettes', async () => {
    const light = await get(locatorUrl([139.69, 35.68], 'light'));
    const dark = await get(locatorUrl([139.69, 35.68], 'dark'));
    expect(light.body).not.toBe(dark.body);
    expect(light.headers.etag).not.toBe(dark.headers.etag);
    expect(dark.body).toContain(BASEMAP_PALETTE.dark.water);
    expect(light.body).toContain(BASEMAP_PALETTE.light.water);
  });

  it('shows a globe with the dot for a point in the open sea', async () => {
    const res = await get(locatorUrl([-140, -30], 'light'));
    expect(res.statusCode).toBe(200);
    const svg = parseSvg(res.body);
    // The globe's disc (water) and land on it; no country outline.
    const fills = svg.paths.map((p) => p.fill);
    expect(fills).toContain(BASEMAP_PALETTE.light.water);
    // On the globe's near side (it is centred on the point rounded to 15°).
    const { cx = NaN, cy = NaN } = svg.dot ?? {};
    expect(Math.hypot(cx - 200, cy - 120)).toBeLessThan(60);
  });

  it('frames a country across the antimeridian whole (Fiji) and near the point (Chukotka)', async () => {
    for (const point of [
      [178.44, -18.14],
      [-179.9, -16.6],
      [177.5, 64.7],
    ] as const) {
      const res = await get(locatorUrl(point, 'light'));
      expect(res.statusCode, String(point)).toBe(200);
      const svg = parseSvg(res.body);
      expect(svg.dot, String(point)).toBeDefined();
      expect(svg.paths.length, String(point)).toBeGreaterThanOrEqual(1);
    }
  });

  it('answers an unversioned URL with a shorter cache', async () => {
    const res = await get('/api/locator.svg?lng=12.45&lat=41.9');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(LOCATOR_UNVERSIONED);
    const old = await get(`/api/locator.svg?lng=12.45&lat=41.9&v=${LOCATOR_VERSION}0`);
    expect(old.headers['cache-control']).toBe(LOCATOR_UNVERSIONED);
  });

  it('refuses bad input with a 400 problem', async () => {
    for (const query of [
      'lng=abc&lat=1',
      'lng=181&lat=0',
      'lng=0&lat=-91',
      'lat=1',
      'lng=1&lat=1&scheme=blue',
      'lng=1&lat=1&v=%3Cscript%3E',
      'lng=&lat=',
      'lng=NaN&lat=1',
      'lng=Infinity&lat=1',
    ]) {
      const res = await get(`/api/locator.svg?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toMatch(/^application\/problem\+json/);
    }
  });
});
