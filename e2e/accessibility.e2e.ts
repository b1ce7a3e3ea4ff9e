import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './api.ts';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle } from './map.ts';
import { createBuilding, pageFetch, signIn, styleIdsByName } from './session.ts';

// Axe-core finds no critical or serious violation on the main pages and with the image
// viewer, the wizard, a modal and a toast open, in the light and the dark scheme. A fresh user
// owns a building with one image, a vote and a list, so the user pages have content to check; a
// second building on the same spot opens the marker chooser.

let browser: Browser;
const contexts: BrowserContext[] = [];
let tmpDir: string;
let buildingId: number;
let twinId: number | undefined;
const spot: [number, number] = [-25 - Math.random() * 5, -45 - Math.random() * 5];
let owner: Page;
const rand = () => crypto.randomBytes(3).toString('hex');
const handle = `axe_${rand()}`;
const buildingName = `Accessible hall ${rand()}`;

async function openContext(colorScheme: 'light' | 'dark'): Promise<Page> {
  // The app's CSP forbids injected scripts; axe comes in through a CSP-bypassing context.
  const context = await newContext(browser, { colorScheme, bypassCSP: true });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-axe-e2e-'));
  const jpeg = path.join(tmpDir, 'front.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .jpeg()
    .toFile(jpeg);

  owner = await openContext('light');
  await owner.goto('/gallery/1');
  await signIn(owner, handle);
  const style = [...(await styleIdsByName()).values()][0];
  if (style === undefined) throw new Error('No styles seeded');
  buildingId = await createBuilding(owner, {
    name: buildingName,
    coordinates: spot,
    year_built: 1961,
    architectural_styles: [style],
  });
  twinId = await createBuilding(owner, {
    name: `Accessible annex ${rand()}`,
    coordinates: spot,
    year_built: null,
    architectural_styles: [style],
  });
  const vote = await pageFetch(owner, 'POST', '/api/votes/building', {
    votable_type: 'building',
    votable_id: buildingId,
    vote: 1,
  });
  expect(vote.status).toBe(200);

  await owner.goto(`/gallery/${buildingId}`);
  await owner.getByRole('button', { name: 'Upload Image(s)' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Upload Image(s)' });
  await dialog.locator('input[type="file"]').setInputFiles([jpeg]);
  const item = dialog.getByRole('listitem', { name: 'front.jpg' });
  await item.getByRole('img', { name: 'Preview of front.jpg' }).waitFor();
  await item.getByRole('combobox', { name: 'Type' }).click();
  await owner.getByRole('option', { name: 'Exterior', exact: true }).click();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
});

afterAll(async () => {
  for (const id of [buildingId, twinId])
    if (id && owner) await pageFetch(owner, 'DELETE', `/api/buildings/${id}`);
  for (const context of contexts) await context.close();
  await browser?.close();
  if (tmpDir) await fs.promises.rm(tmpDir, { recursive: true, force: true });
});

describe.each(['light', 'dark'] as const)('no critical or serious axe violation, %s scheme', (scheme) => {
  let page: Page;

  beforeAll(async () => {
    page = await openContext(scheme);
    await page.goto('/login');
    await signIn(page, handle);
    const list = await pageFetch(page, 'POST', '/api/lists/', { name: `Axe ${scheme}`, is_public: true });
    expect(list.status).toBe(201);
  });

  it('the explore screen, with a modal open', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    await page.locator('[data-building-id]').first().waitFor();
    await expectAccessible(page, 'explore');

    await page.getByRole('button', { name: 'Feedback' }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'feedback modal');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.evaluate((center) => window.__atlasMap?.jumpTo({ center, zoom: 17 }), spot);
    await waitForMapIdle(page);
    const pixel = await page.evaluate((point) => window.__atlasMap?.project(point), spot);
    if (!pixel) throw new Error('The map is not on the page');
    await page.locator('.maplibregl-canvas').click({ position: { x: pixel.x, y: pixel.y } });
    await page.getByRole('list', { name: '2 buildings here' }).waitFor();
    await expectAccessible(page, 'marker chooser');
    await page.locator('.maplibregl-popup-close-button').click();
  });

  it('the wizard', async () => {
    await page.getByRole('button', { name: 'Add New Building' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.waitFor();
    await expectAccessible(page, 'wizard');

    // The address step with the country preselected from the coordinates.
    await wizard.getByRole('textbox', { name: 'Name' }).fill('Westminster');
    await wizard.getByRole('textbox', { name: 'Latitude' }).fill('51.5007, -0.1246');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByText('From the coordinates').waitFor();
    await expectAccessible(page, 'wizard address step');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'hidden' });
  });

  it('the building page, with a toast open', async () => {
    await page.goto(`/buildings/${buildingId}`);
    const panel = page.getByRole('complementary', { name: 'Building' });
    await panel.getByRole('heading', { name: buildingName, level: 1 }).waitFor();
    await panel.getByRole('img').first().waitFor();
    await expectAccessible(page, 'building page');

    await panel.getByRole('button', { name: 'Add to List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to List' });
    await dialog.getByRole('checkbox', { name: `Axe ${scheme}` }).check();
    await dialog.getByRole('button', { name: 'Add to selected lists' }).click();
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    // The pointer over the toast keeps it open (Mantine pauses its timer) while axe runs.
    await toast.hover();
    await expectAccessible(page, 'toast');
  });

  it('the gallery, with the image viewer open', async () => {
    await page.goto(`/gallery/${buildingId}`);
    const grid = page.getByRole('list', { name: 'Gallery images' });
    await grid.getByRole('img').first().waitFor();
    await expectAccessible(page, 'gallery');

    await grid.getByRole('button').first().click();
    const viewer = page.getByRole('dialog', { name: /^Image \d+ of \d+$/ });
    await viewer.getByRole('heading', { name: 'Image 1 of 1' }).waitFor();
    await expectAccessible(page, 'image viewer');
  });

  it("an architect's page, its map drawn", async () => {
    const { items } = await getJson<{ items: { id: number }[] }>('/api/architects?q=Gaud');
    await page.goto(`/architects/${items[0]?.id ?? 0}`);
    await page.getByRole('heading', { name: 'Antoni Gaudí', level: 1 }).waitFor();
    await page.locator('[data-map-idle="true"]').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'architect page');
  });

  it.each(['lists', 'buildings', 'images', 'settings', 'stats'])('the user page: %s', async (tab) => {
    await page.goto(`/user/${handle}/${tab}`);
    await page.getByRole('heading', { name: handle, level: 1 }).waitFor();
    await page.locator('nav[aria-label="User page"] [aria-current="page"]').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `user page ${tab}`);
  });
});
