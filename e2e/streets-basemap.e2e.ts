import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedFlavor } from '@protomaps/basemaps';
import { BASEMAP_STREETS_META, BASEMAP_STREETS_PREFIX } from '#domain/streets-basemap';
import { BUILDING_FLY_TO_ZOOM } from '#domain/constants';
import { writeStreetsFixture } from '../scripts/basemap/streets-fixture.ts';
import { freePort, stopChild } from '../server/test/processes.ts';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle, waitForNextIdle } from './map.ts';
import { fetchWorldBuildings } from './world.ts';

// With BASEMAP_PMTILES set to a Protomaps archive, the maps draw its streets in Protomaps' light
// and dark styles, read by byte ranges from the app's own origin. The run's shared server has no
// archive (the other files check the offline basemap), so this file starts a server of its own
// with the small test archive of Barcelona's Eixample (scripts/basemap/streets-fixture.ts) and
// opens Casa Batlló there. Screenshots land in test-results/streets/ for a person to look at.

const SHOTS = path.join(process.cwd(), 'test-results/streets');
const CASA_BATLLO = { lng: 2.1649, lat: 41.3916 };
const HEALTH_TIMEOUT_MS = 90_000;

let dataDir: string;
let server: ChildProcess | undefined;
let origin: string;
let browser: Browser;

async function waitForHealth(url: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${fs.readFileSync(logPath, 'utf8')}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server was not healthy in time:\n${fs.readFileSync(logPath, 'utf8')}`);
}

beforeAll(async () => {
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-e2e-streets-'));
  const archive = path.join(dataDir, 'eixample.pmtiles');
  writeStreetsFixture(archive);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const logPath = path.join(dataDir, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    BASEMAP_PMTILES: archive,
    // No job worker: the journey makes no jobs, and the machine runs another server beside it.
    WORKER: 'false',
  };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  await Promise.all([waitForHealth(origin, server, logPath), fs.promises.mkdir(SHOTS, { recursive: true })]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server) await stopChild(server);
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/** Share of the pixels of a PNG within 4 per channel of each colour. */
async function colourShares(png: Buffer, colours: Record<string, string[]>): Promise<Record<string, number>> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const targets = Object.entries(colours).map(([name, hexes]) => [name, hexes.map(rgb)] as const);
  const counts: Record<string, number> = Object.fromEntries(targets.map(([name]) => [name, 0]));
  for (let i = 0; i < data.length; i += 3) {
    const found = targets.find(([, list]) =>
      list.some(
        ([r, g, b]) =>
          Math.abs(data[i]! - r) <= 4 && Math.abs(data[i + 1]! - g) <= 4 && Math.abs(data[i + 2]! - b) <= 4,
      ),
    );
    if (found) counts[found[0]]! += 1;
  }
  const pixels = info.width * info.height;
  return Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, n / pixels]));
}

/** Protomaps' colours of a theme at zoom 16: streets (major and minor roads) and land. */
function streetColours(scheme: 'light' | 'dark'): Record<string, string[]> {
  const f = namedFlavor(scheme);
  return { streets: [...new Set([f.major, f.minor_b])], earth: [f.earth] };
}

async function waitForStreets(page: Page): Promise<void> {
  await page.waitForFunction(
    // The streets are added once their code is in (create-map.ts), after the style has loaded.
    () =>
      window.__atlasMap?.getSource('streets') !== undefined &&
      window.__atlasMap.isSourceLoaded('streets') &&
      window.__atlasMap.isSourceLoaded('basemap'),
    null,
    { timeout: 45_000 },
  );
  await waitForNextIdle(page);
}

describe('streets from an operator’s Protomaps archive (BASEMAP_PMTILES)', () => {
  it('shows the streets around a building at zoom 16 in the light theme and, switched, the dark one, credited to OpenStreetMap', async () => {
    const { features } = await fetchWorldBuildings(origin);
    const distance = (c: number[]) => Math.hypot(c[0]! - CASA_BATLLO.lng, c[1]! - CASA_BATLLO.lat);
    const building = features.toSorted(
      (a, b) => distance(a.geometry.coordinates) - distance(b.geometry.coordinates),
    )[0];
    if (!building || distance(building.geometry.coordinates) > 0.001)
      throw new Error('Casa Batlló is not seeded');

    const context = await newContext(browser, { baseURL: origin, colorScheme: 'light' });
    const page = await context.newPage();
    try {
      const outside: string[] = [];
      const archiveAnswers: { status: number; cache?: string; path: string }[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin)
          outside.push(url);
      });
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (!pathname.startsWith(`${BASEMAP_STREETS_PREFIX}/`)) return;
        archiveAnswers.push({
          status: response.status(),
          cache: response.headers()['cache-control'],
          path: pathname,
        });
      });

      await page.goto(`/buildings/${building.properties.id}`);
      await waitForMapIdle(page);
      await page.waitForFunction(
        (zoom) =>
          Math.abs((window.__atlasMap?.getZoom() ?? 0) - zoom) < 0.01 && !window.__atlasMap?.isMoving(),
        BUILDING_FLY_TO_ZOOM,
        { timeout: 30_000 },
      );
      await waitForStreets(page);
      const canvas = page.locator('.maplibregl-canvas');
      const light = await colourShares(
        await canvas.screenshot({ path: path.join(SHOTS, 'building-z16-light.png') }),
        streetColours('light'),
      );
      // Streets drawn in Protomaps' light colours over its land colour (the offline basemap alone
      // is one flat land colour at this zoom).
      expect(light.streets).toBeGreaterThan(0.02);
      expect(light.earth).toBeGreaterThan(0.2);
      const roads = await page.evaluate(
        () =>
          window.__atlasMap
            ?.queryRenderedFeatures({ layers: ['streets-roads_major', 'streets-roads_minor'] })
            .map((f) => f.properties.name as string) ?? [],
      );
      expect(roads).toContain('Passeig de Gràcia');

      const attribution = await page.locator('.maplibregl-ctrl-attrib').textContent();
      expect(attribution).toContain('OpenStreetMap');

      // The theme switch recolours the same map in Protomaps' dark style.
      await page.evaluate(() => ((window.__atlasMap as unknown as { __marked: boolean }).__marked = true));
      await page.getByRole('button', { name: 'Toggle color scheme' }).click();
      await page.waitForFunction(
        () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
      );
      await waitForStreets(page);
      expect(
        await page.evaluate(() => (window.__atlasMap as unknown as { __marked?: boolean }).__marked),
      ).toBe(true);
      const dark = await colourShares(
        await canvas.screenshot({ path: path.join(SHOTS, 'building-z16-dark.png') }),
        streetColours('dark'),
      );
      expect(dark.streets).toBeGreaterThan(0.02);
      expect(dark.earth).toBeGreaterThan(0.2);
      const darkAsLight = await colourShares(await canvas.screenshot(), streetColours('light'));
      expect(darkAsLight.streets! + darkAsLight.earth!).toBeLessThan(0.01);

      // The archive came from this origin by byte ranges, cached as immutable under its version.
      expect(outside).toEqual([]);
      expect(archiveAnswers.length).toBeGreaterThan(0);
      for (const answer of archiveAnswers) {
        expect(answer.path).toMatch(/^\/basemap\/streets\/[0-9a-f]{12}\.pmtiles$/);
        expect(answer.status).toBe(206);
        expect(answer.cache).toBe('public, max-age=31536000, immutable');
      }
    } finally {
      await context.close();
    }
  });

  it('is off without BASEMAP_PMTILES: the run’s shared server names no archive, and the streets path answers 404', async () => {
    const page = await (await fetch(`${baseURL()}/`)).text();
    expect(page).toContain('atlas-basemap-version');
    expect(page).not.toContain(BASEMAP_STREETS_META);
    const archive = await fetch(`${baseURL()}${BASEMAP_STREETS_PREFIX}/0123456789ab.pmtiles`, {
      headers: { range: 'bytes=0-16383' },
    });
    expect(archive.status).toBe(404);
    // With it, this file's server names its archive in the page.
    expect(await (await fetch(`${origin}/`)).text()).toMatch(
      new RegExp(`<meta name="${BASEMAP_STREETS_META}" content="/basemap/streets/[0-9a-f]{12}\\.pmtiles" />`),
    );
  });
});
