import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signInWithOwnBuilding } from './session.ts';
import { uploadImagesThroughApi } from './uploads.ts';

// A fresh user makes a building of their own (in the South Atlantic, far from the seeded ones) with
// three photos uploaded through the API: taken in 1905, in 2021 and in an unknown year. 'Through
// time' shows them by year and compares the earliest with the latest; the divider moves with the
// keyboard. The building is deleted again at the end.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let buildingId: number;

const rand = () => crypto.randomBytes(3).toString('hex');
const owner = `then_now_${rand()}`;

const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { colorScheme: 'light' });
  page = await context.newPage();
  buildingId = await signInWithOwnBuilding(page, owner, {
    name: `Then and now hall ${rand()}`,
    coordinates: [-25 - Math.random() * 5, -45 - Math.random() * 5],
    year_built: 1900,
  });
  await uploadImagesThroughApi(page, buildingId, [
    { data: await jpeg(20, 200, 60), captureYear: null, description: 'Undated' },
    { data: await jpeg(30, 60, 220), captureYear: 2021, description: 'Today' },
    { data: await jpeg(200, 40, 40), captureYear: 1905, description: 'Postcard' },
  ]);
});

afterAll(async () => {
  if (buildingId && page) await pageFetch(page, 'DELETE', `/api/buildings/${buildingId}`);
  await context?.close();
  await browser?.close();
});

const divider = (p: Page) => p.getByRole('slider', { name: 'Compare divider' });

describe('then and now', () => {
  it("the building page's 'Through time' orders the photos by year and the compare slider moves with the keyboard", async () => {
    await page.goto(`/buildings/${buildingId}`);
    await page.getByRole('button', { name: 'Through time' }).click();
    const dialog = page.getByRole('dialog', { name: 'Through time' });
    const timeline = dialog.getByRole('list', { name: 'Photos by year taken' });
    await timeline.waitFor();
    expect(await timeline.getByRole('listitem').allTextContents()).toEqual(['1905', '2021', 'Year unknown']);

    // The earliest and the latest by default.
    expect(await dialog.getByRole('combobox', { name: 'Earlier photo' }).inputValue()).toMatch(/^1905 /);
    expect(await dialog.getByRole('combobox', { name: 'Later photo' }).inputValue()).toMatch(/^2021 /);
    const slider = divider(page);
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');

    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuenow')).toBe('60');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe('55');
    await page.keyboard.press('End');
    expect(await slider.getAttribute('aria-valuenow')).toBe('100');
    // At the end the earlier photo covers the whole view; the divider is drawn at the right edge.
    const earlier = dialog.getByRole('img', { name: '1905: Postcard' });
    expect(await earlier.evaluate((img) => getComputedStyle(img).clipPath)).toBe('inset(0px 0% 0px 0px)');
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');

    // A press on the photos (a mouse or a finger) moves the divider there.
    const box = (await dialog.getByTestId('compare-view').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeCloseTo(25, 0);
  });

  it("the gallery sorts by 'Year taken' and opens 'Through time' too", async () => {
    await page.goto(`/gallery/${buildingId}`);
    const grid = page.getByRole('list', { name: 'Gallery images' });
    await grid.getByRole('listitem').nth(2).waitFor();
    const sorted = page.waitForResponse((r) => r.url().includes('sortBy=capture_date') && r.ok());
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Year taken' }).click();
    const body = (await (await sorted).json()) as { items: { capture_year: number | null }[] };
    // Descending by default: the latest year first, the undated photo last.
    expect(body.items.map((i) => i.capture_year)).toEqual([2021, 1905, null]);

    await page.getByRole('button', { name: 'Through time' }).click();
    await divider(page).waitFor();
  });

  it('on a phone, a tap on the photos moves the divider there', async () => {
    const phone = await newContext(browser, {
      colorScheme: 'light',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const tab = await phone.newPage();
      await tab.goto(`/gallery/${buildingId}`);
      await tab.getByRole('button', { name: 'Through time' }).tap();
      const slider = divider(tab);
      await slider.waitFor();
      const box = (await tab.getByTestId('compare-view').boundingBox())!;
      await tab.touchscreen.tap(box.x + box.width * 0.75, box.y + box.height / 2);
      await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeCloseTo(75, 0);
    } finally {
      await phone.close();
    }
  });
});
