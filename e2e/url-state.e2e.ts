/**
 * The URL holds the explore view: a filtered, moved map reloads to the same view, Back returns
 * to the previous filters, moving the map replaces the history entry. 'Needs photos' shows only
 * buildings without a visible image (this file's own buildings, far from everyone else's), and
 * the panel of such a building invites the first photo; the panel's Share button copies the link.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePerTest } from './browser.ts';
import { waitForMapIdle } from './map.ts';
import { createBuilding, pageFetch, signInWithOwnBuilding, styleIdsByName } from './session.ts';

let page: Page;
pagePerTest({ colorScheme: 'light' }, (opened) => ({ page } = opened));

const rand = () => Math.random().toString(36).slice(2, 8);

/** Where this file's buildings stand: a random spot in the southern Indian Ocean. */
const spot: [number, number] = [70 + Math.random() * 5, -50 - Math.random() * 3];
const photographed = `Url state photographed ${rand()}`;
const bare = `Url state bare ${rand()}`;
let photographedId = 0;
let bareId = 0;
let owner: Page | undefined;
let tmpDir = '';

const cards = (p: Page) => p.getByRole('region', { name: 'Buildings in view' });
const urlParam = (p: Page, name: string) => new URL(p.url()).searchParams.get(name);

/** The map's centre and zoom, as the URL writes them. */
function mapView(p: Page) {
  return p.evaluate(() => {
    const map = window.__atlasMap;
    if (!map) throw new Error('The map is not on the page');
    const c = map.getCenter();
    return { zoom: map.getZoom(), lat: c.lat, lng: c.lng };
  });
}

/** Drags the map with the mouse by (dx, dy) pixels: a move by the user. */
async function dragMap(p: Page, dx: number, dy: number) {
  const box = await p.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('The map has no canvas');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await p.mouse.move(x, y);
  await p.mouse.down();
  for (let i = 1; i <= 10; i++) await p.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await p.mouse.up();
}

/** Building ids in the map's `buildings` source. */
function mapBuildingIds(p: Page): Promise<number[]> {
  return p.evaluate(async () => {
    const source = window.__atlasMap?.getSource('buildings');
    if (!source || !('getData' in source)) throw new Error('The map has no buildings source');
    const data = (await (source as { getData(): Promise<unknown> }).getData()) as {
      features: { properties: { id?: unknown } }[];
    };
    return data.features.map((f) => Number(f.properties.id)).filter((id) => Number.isFinite(id));
  });
}

afterAll(async () => {
  if (owner) {
    for (const id of [photographedId, bareId])
      if (id) await pageFetch(owner, 'DELETE', `/api/buildings/${id}`);
  }
  if (tmpDir) await fs.promises.rm(tmpDir, { recursive: true, force: true });
});

describe('the URL holds the view', () => {
  it('reloads a filtered, moved map to the same view; Back restores the previous filter', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    // A page nobody moved keeps its plain address.
    expect(new URL(page.url()).search).toBe('');

    // Filter one: 'Needs photos' (a new history entry).
    const needs = page.getByRole('button', { name: 'Needs photos' });
    await needs.click();
    await expect.poll(() => urlParam(page, 'needsPhotos')).toBe('1');
    expect(await needs.getAttribute('aria-pressed')).toBe('true');
    // Filter two: built from 1900 (the end year follows: up to now).
    const start = page.getByRole('textbox', { name: 'Start year' });
    await start.fill('1900');
    await start.press('Enter');
    await expect.poll(() => urlParam(page, 'builtAfter')).toBe('1900');
    const geojsonAsked: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/buildings/geojson')) geojsonAsked.push(new URL(r.url()));
    });
    await waitForMapIdle(page);

    // A move replaces the entry: the history does not grow, the URL gains the position.
    const entries = await page.evaluate(() => history.length);
    await dragMap(page, -200, 120);
    await expect.poll(() => urlParam(page, 'map'), { timeout: 10_000 }).not.toBeNull();
    await waitForMapIdle(page);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    const moved = await mapView(page);
    const [zoom, lat, lng] = urlParam(page, 'map')!.split('/').map(Number) as [number, number, number];
    expect(zoom).toBeCloseTo(moved.zoom, 1);
    expect(lat).toBeCloseTo(moved.lat, 1);
    expect(lng).toBeCloseTo(moved.lng, 1);
    // The map's requests carry both filters.
    await expect
      .poll(() =>
        geojsonAsked.some(
          (u) =>
            u.searchParams.get('needsPhotos') === 'true' && u.searchParams.get('builtAfterDate') === '1900',
        ),
      )
      .toBe(true);

    // Reload: the same filters and the same place (the URL's position wins over the saved bounds).
    const shared = page.url();
    await page.reload();
    await waitForMapIdle(page);
    expect(page.url()).toBe(shared);
    expect(await page.getByRole('textbox', { name: 'Start year' }).inputValue()).toBe('1900');
    expect(await page.getByRole('button', { name: 'Needs photos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const reloaded = await mapView(page);
    expect(reloaded.zoom).toBeCloseTo(zoom, 1);
    expect(reloaded.lat).toBeCloseTo(lat, 2);
    expect(reloaded.lng).toBeCloseTo(lng, 2);

    // Back: the previous filters ('Needs photos' alone), and the map and cards follow.
    const asked: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/buildings/')) asked.push(new URL(r.url()));
    });
    await page.goBack();
    await expect.poll(() => urlParam(page, 'builtAfter')).toBeNull();
    expect(urlParam(page, 'needsPhotos')).toBe('1');
    await expect.poll(() => page.getByRole('textbox', { name: 'Start year' }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Needs photos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitForMapIdle(page);
    const refetched = asked.filter((u) => u.searchParams.get('needsPhotos') === 'true');
    expect(refetched.length).toBeGreaterThan(0);
    expect(refetched.every((u) => u.searchParams.get('builtAfterDate') === null)).toBe(true);

    // Back again: no filter at all.
    await page.goBack();
    await expect
      .poll(() => page.getByRole('button', { name: 'Needs photos' }).getAttribute('aria-pressed'))
      .toBe('false');
  });

  it('opens a copied link at its position with its filters', async () => {
    await page.goto('/?styles=999999&map=6.5/48.8566/2.3522');
    await waitForMapIdle(page);
    // The position as the URL keeps it: at zoom 6.5 to two decimals (about a pixel).
    const view = await mapView(page);
    expect(view.zoom).toBeCloseTo(6.5, 5);
    expect(view.lat).toBeCloseTo(48.86, 5);
    expect(view.lng).toBeCloseTo(2.35, 5);
    // No building has that style: the filter from the link applies.
    await cards(page).getByText('No buildings here. Move the map or change the filters.').waitFor();
  });
});

describe("'Needs photos'", () => {
  beforeAll(async () => {
    tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-url-state-e2e-'));
  });

  it('invites the first photo on the panel, then shows only the buildings without images', async () => {
    owner = page;
    photographedId = await signInWithOwnBuilding(page, `urlstate_${rand()}`, {
      name: photographed,
      coordinates: spot,
      year_built: 1950,
    });
    const style = [...(await styleIdsByName()).values()][0]!;
    bareId = await createBuilding(page, {
      name: bare,
      coordinates: [spot[0] + 0.002, spot[1] + 0.001],
      year_built: 1951,
      architectural_styles: [style],
    });

    // The panel of a building with no photo invites the first one; signed in, it opens the upload.
    await page.goto(`/buildings/${photographedId}`);
    const panel = page.getByRole('complementary', { name: 'Building' });
    await panel.getByTestId('first-photo-invite').waitFor();
    await panel.getByRole('button', { name: 'Upload the first image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Image(s)' });
    const photo = path.join(tmpDir, 'front.jpg');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 160, g: 90, b: 40 } } })
      .jpeg()
      .toFile(photo);
    await dialog.locator('input[type="file"]').setInputFiles([photo]);
    const item = dialog.getByRole('listitem', { name: 'front.jpg' });
    await item.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Exterior', exact: true }).click();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    // Once the photo is ready the invitation gives way to the image.
    await panel.getByTestId('first-photo-invite').waitFor({ state: 'detached', timeout: 30_000 });

    // The API: only the bare building needs photos around the spot.
    const box = `north=${spot[1] + 0.05}&south=${spot[1] - 0.05}&east=${spot[0] + 0.05}&west=${spot[0] - 0.05}`;
    const listed = await pageFetch(page, 'GET', `/api/buildings/?needsPhotos=true&${box}`);
    expect((listed.body as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([bareId]);

    // The explore screen at the spot with 'Needs photos' from the URL: map and cards alike.
    await page.goto(`/?needsPhotos=1&map=15/${spot[1] + 0.0005}/${spot[0] + 0.001}`);
    await waitForMapIdle(page);
    await expect.poll(async () => (await mapBuildingIds(page)).sort()).toEqual([bareId]);
    await cards(page).getByText(bare).waitFor();
    expect(await cards(page).getByText(photographed).count()).toBe(0);

    // Off again: both.
    await page.getByRole('button', { name: 'Needs photos' }).click();
    await expect.poll(() => urlParam(page, 'needsPhotos')).toBeNull();
    await waitForMapIdle(page);
    await expect
      .poll(async () => (await mapBuildingIds(page)).sort((a, b) => a - b))
      .toEqual([photographedId, bareId].sort((a, b) => a - b));
    await cards(page).getByText(photographed).waitFor();
  });

  it("asks a visitor to log in to add a building's first photo", async () => {
    if (!bareId) throw new Error('The bare building was not made');
    await page.goto(`/buildings/${bareId}`);
    const panel = page.getByRole('complementary', { name: 'Building' });
    await panel.getByRole('button', { name: 'Upload the first image' }).click();
    await page.getByRole('dialog').getByText('You need to be logged in to upload images.').waitFor();
  });
});

describe('the Share button', () => {
  it('copies the link of the view, with a toast, where there is no Web Share API', async () => {
    if (!bareId) throw new Error('The bare building was not made');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // As a desktop Chromium on Linux: no navigator.share.
    await page.goto(`/buildings/${bareId}?needsPhotos=1`);
    await page.evaluate(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
    const share = page
      .getByRole('complementary', { name: 'Building' })
      .getByRole('button', { name: 'Share', exact: true });
    await share.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Link copied to clipboard').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(`/buildings/${bareId}`);
    expect(new URL(copied).searchParams.get('needsPhotos')).toBe('1');
  });
});
