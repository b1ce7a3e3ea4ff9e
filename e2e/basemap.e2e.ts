import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_TILEJSON_PATH } from '#domain/basemap';
import { BUILDING_FLY_TO_ZOOM } from '#domain/constants';
import { BASEMAP_PALETTE } from '../web/src/lib/map/map-style.ts';
import { getJson, getSeededBuildings } from './api.ts';
import { baseURL, closePages, launchBrowser, openPage, releasePage } from './browser.ts';
import { waitForMapIdle, waitForNextIdle } from './map.ts';
import { signIn } from './session.ts';

// With no tile service configured (the e2e build sets no VITE_TILE_URL_*), every map
// draws the product's own offline basemap, light and dark, and nothing leaves the origin.
// Screenshots land in test-results/basemap/ for a person to look at.

const SHOTS = path.join(process.cwd(), 'test-results/basemap');
let browser: Browser;
let opened: Page | undefined;

/** A test's page: the previous test's with the same options, emptied (browser.ts openPage). */
async function open(options: BrowserContextOptions): Promise<Page> {
  opened = (await openPage(browser, options)).page;
  return opened;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await fs.promises.mkdir(SHOTS, { recursive: true });
});

afterEach(async () => {
  await releasePage(opened);
  opened = undefined;
});

afterAll(async () => {
  await closePages();
  await browser?.close();
});

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/** Share of the pixels of a PNG within `tolerance` (per channel) of each colour. */
async function colourShares(png: Buffer, colours: Record<string, string>, tolerance = 4) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const targets = Object.entries(colours).map(([name, hex]) => [name, rgb(hex)] as const);
  const counts: Record<string, number> = Object.fromEntries(targets.map(([name]) => [name, 0]));
  const pixels = info.width * info.height;
  for (let i = 0; i < data.length; i += 3) {
    for (const [name, [r, g, b]] of targets) {
      if (
        Math.abs(data[i]! - r) <= tolerance &&
        Math.abs(data[i + 1]! - g) <= tolerance &&
        Math.abs(data[i + 2]! - b) <= tolerance
      ) {
        counts[name]! += 1;
        break;
      }
    }
  }
  return Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, n / pixels]));
}

/** The largest share of land-coloured pixels in one row between `top` and `bottom` (CSS px). */
async function widestLandRow(png: Buffer, landHex: string, top: number, bottom: number): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = rgb(landHex);
  let widest = 0;
  // The contexts have deviceScaleFactor 1: a CSS pixel is a screenshot pixel.
  for (let y = Math.max(0, top); y < Math.min(info.height, bottom); y++) {
    let land = 0;
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (Math.abs(data[i]! - r) <= 4 && Math.abs(data[i + 1]! - g) <= 4 && Math.abs(data[i + 2]! - b) <= 4)
        land++;
    }
    widest = Math.max(widest, land / info.width);
  }
  return widest;
}

/** Requests that leave the server's origin (data: and blob: URLs stay in the page). */
function watchOrigin(page: Page): string[] {
  const outside: string[] = [];
  const origin = new URL(baseURL()).origin;
  page.on('request', (request: Request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) outside.push(url);
  });
  return outside;
}

/** Waits until the basemap's tiles for the view are in and drawn. */
async function waitForBasemap(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__atlasMap?.isSourceLoaded('basemap') === true, null, {
    timeout: 45_000,
  });
  await waitForNextIdle(page);
}

describe('offline basemap', () => {
  it('draws land and water in the light theme, then in the dark one on the same map, all from this origin', async () => {
    const page = await open({ colorScheme: 'light' });
    const outside = watchOrigin(page);
    const tiles: { status: number; encoding?: string; cache?: string }[] = [];
    const basemapPaths: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/basemap/')) basemapPaths.push(pathname);
    });
    page.on('response', (response) => {
      if (!response.url().endsWith('.mvt')) return;
      const headers = response.headers();
      tiles.push({
        status: response.status(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
      });
    });

    await page.goto('/');
    await waitForMapIdle(page);
    await waitForBasemap(page);
    const canvas = page.locator('.maplibregl-canvas');
    const lightPng = await canvas.screenshot({ path: path.join(SHOTS, 'explore-light.png') });
    const light = await colourShares(lightPng, {
      land: BASEMAP_PALETTE.light.land,
      water: BASEMAP_PALETTE.light.water,
    });
    // The start view (Europe, Africa's north, the Atlantic) is part land, part sea.
    expect(light.land).toBeGreaterThan(0.15);
    expect(light.water).toBeGreaterThan(0.1);
    // Labels drawn without a glyph server: the place layer has rendered text.
    const labels = await page.evaluate(
      () =>
        window.__atlasMap?.queryRenderedFeatures({ layers: ['basemap-place-label', 'basemap-country-label'] })
          .length ?? 0,
    );
    expect(labels).toBeGreaterThan(5);
    // The style names the tiles of the archive the server has (the build's version): the map asks
    // for them at once, without reading the TileJSON first.
    const { version } = await getJson<{ version: string }>(BASEMAP_TILEJSON_PATH);
    expect(basemapPaths.length).toBeGreaterThan(0);
    expect(basemapPaths.filter((p) => !p.startsWith(`/basemap/${version}/`))).toEqual([]);

    // The world around the antimeridian: Russia, Fiji and Antarctica are cut at ±180°, so no
    // band of land runs across the map (between 50° S and 50° N no row is land from edge to edge).
    await page.evaluate(() => window.__atlasMap?.jumpTo({ center: [180, 0], zoom: 1 }));
    await waitForBasemap(page);
    const worldPng = await canvas.screenshot({ path: path.join(SHOTS, 'world-antimeridian-light.png') });
    const rows = await page.evaluate(() => {
      const map = window.__atlasMap!;
      return { top: Math.ceil(map.project([180, 50]).y), bottom: Math.floor(map.project([180, -50]).y) };
    });
    const band = await widestLandRow(worldPng, BASEMAP_PALETTE.light.land, rows.top, rows.bottom);
    expect(band).toBeLessThan(0.7);
    await page.evaluate(() => window.__atlasMap?.jumpTo({ center: [0, 40], zoom: 3 }));
    await waitForBasemap(page);

    // Switch the theme: the same map instance is recoloured, not reloaded.
    await page.evaluate(() => ((window.__atlasMap as unknown as { __marked: boolean }).__marked = true));
    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await waitForNextIdle(page);
    expect(await page.evaluate(() => (window.__atlasMap as unknown as { __marked?: boolean }).__marked)).toBe(
      true,
    );
    expect(await page.evaluate(() => window.__atlasMap?.getSource('buildings') !== undefined)).toBe(true);
    const darkPng = await canvas.screenshot({ path: path.join(SHOTS, 'explore-dark.png') });
    const dark = await colourShares(darkPng, {
      land: BASEMAP_PALETTE.dark.land,
      water: BASEMAP_PALETTE.dark.water,
    });
    expect(dark.land).toBeGreaterThan(0.15);
    expect(dark.water).toBeGreaterThan(0.1);
    // And the two themes look different: almost no light-theme land or water is left.
    const darkAsLight = await colourShares(darkPng, {
      land: BASEMAP_PALETTE.light.land,
      water: BASEMAP_PALETTE.light.water,
    });
    expect(darkAsLight.land! + darkAsLight.water!).toBeLessThan(0.01);

    expect(outside).toEqual([]);
    // Tiles came from the product: gzip, immutable, 204 for empty sea tiles.
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect([200, 204]).toContain(tile.status);
      expect(tile.cache).toBe('public, max-age=31536000, immutable');
      if (tile.status === 200) expect(tile.encoding).toBe('gzip');
    }
  });

  it('shows the basemap behind a building at fly-to zoom, in the dark theme from the start', async () => {
    const { features } = await getSeededBuildings();
    // A seeded building in a city on land (its name is not the point).
    const building = features[0];
    if (!building) throw new Error('No seeded buildings');
    const page = await open({ colorScheme: 'dark' });
    const outside = watchOrigin(page);
    await page.goto(`/buildings/${building.properties.id}`);
    await waitForMapIdle(page);
    await page.waitForFunction(
      (zoom) => Math.abs((window.__atlasMap?.getZoom() ?? 0) - zoom) < 0.01 && !window.__atlasMap?.isMoving(),
      BUILDING_FLY_TO_ZOOM,
      { timeout: 30_000 },
    );
    await waitForBasemap(page);
    const png = await page
      .locator('.maplibregl-canvas')
      .screenshot({ path: path.join(SHOTS, 'building-z16-dark.png') });
    const shares = await colourShares(png, {
      land: BASEMAP_PALETTE.dark.land,
      water: BASEMAP_PALETTE.dark.water,
    });
    // Overzoomed from zoom 6: land (or a coast) fills the view, not an empty background.
    expect(shares.land! + shares.water!).toBeGreaterThan(0.3);
    expect(shares.land).toBeGreaterThan(0.05);
    expect(outside).toEqual([]);
  });

  it('still loads the map, on its plain background, when the basemap cannot be had', async () => {
    const page = await open({ colorScheme: 'light' });
    // As on a server whose archive was never built: /basemap answers 404 problems.
    await page.route('**/basemap/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/problem+json', body: '{"status":404}' }),
    );
    await page.goto('/');
    await waitForMapIdle(page);
    const drawn = await page.evaluate(
      () =>
        window.__atlasMap?.queryRenderedFeatures({ layers: ['buildings', 'building-clusters'] }).length ?? 0,
    );
    expect(drawn).toBeGreaterThan(0);
    const png = await page.locator('.maplibregl-canvas').screenshot();
    const shares = await colourShares(png, {
      land: BASEMAP_PALETTE.light.land,
      water: BASEMAP_PALETTE.light.water,
    });
    expect(shares.land).toBeLessThan(0.01);
    expect(shares.water).toBeGreaterThan(0.5);
  });

  it("draws the basemap in the wizard's location preview, opened where no other map has loaded", async () => {
    const page = await open({ colorScheme: 'light' });
    const outside = watchOrigin(page);
    await page.goto('/');
    await signIn(page, `basemap_${Date.now().toString(36)}`);
    // A new page with no map on it: the preview must set up the map library's worker itself.
    await page.goto('/about');
    await page.getByRole('button', { name: 'Add New Building' }).click();
    const preview = page.locator('[data-preview-state="world"]');
    // The preview map marks its container once its view is drawn with all tiles.
    await preview.locator('[data-map-idle="true"]').waitFor({ timeout: 30_000 });
    const png = await preview.screenshot({ path: path.join(SHOTS, 'wizard-preview-light.png') });
    const shares = await colourShares(png, {
      land: BASEMAP_PALETTE.light.land,
      water: BASEMAP_PALETTE.light.water,
    });
    expect(shares.land).toBeGreaterThan(0.1);
    expect(shares.water).toBeGreaterThan(0.1);
    expect(outside).toEqual([]);
  });

  it("draws the basemap on an architect's page opened from its URL, dark with the theme", async () => {
    const { items } = await getJson<{ items: { id: number; name: string }[] }>('/api/architects?q=Gaud');
    const architect = items[0];
    if (!architect) throw new Error('No seeded architect');
    const page = await open({ colorScheme: 'dark' });
    const outside = watchOrigin(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/architects/${architect.id}`);
    const map = page.getByRole('region', { name: "Map of the architect's buildings" });
    await map.locator('[data-map-idle="true"]').waitFor({ timeout: 30_000 });
    const png = await map.screenshot({ path: path.join(SHOTS, 'architect-dark.png') });
    const shares = await colourShares(png, {
      land: BASEMAP_PALETTE.dark.land,
      water: BASEMAP_PALETTE.dark.water,
    });
    expect(shares.land).toBeGreaterThan(0.05);
    // The attribution follows the theme here too (its style is loaded with every map).
    const attribution = await map
      .locator('.maplibregl-ctrl-attrib')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(attribution).toBe('rgba(36, 36, 36, 0.8)');
    expect(shares.land! + shares.water!).toBeGreaterThan(0.3);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
  });
});
