import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATE_MESSAGES, LOCATE_ZOOM } from '../web/src/features/explore/model/locate.ts';
import { launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle } from './map.ts';
import { createBuilding, signIn, styleIdsByName } from './session.ts';

// 'Near me': the locate control centres the map on the browser's position (granted), says why it
// cannot when the position is refused, and the cards can be ordered nearest the map's centre first.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Somewhere in the southern ocean's islands, a little apart for each run, where no other test builds. */
const HERE = { latitude: -49.35 + Math.random() * 0.1, longitude: 70.2 + Math.random() * 0.1 };

async function openExplore(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await waitForMapIdle(page);
  return page;
}

const mapView = (page: Page) =>
  page.evaluate(() => {
    const map = window.__atlasMap;
    if (!map) throw new Error('The map is not on the page');
    const { lng, lat } = map.getCenter();
    return { lng, lat, zoom: map.getZoom(), moving: map.isMoving() };
  });

/** Names of the cards in the list, in order. */
const cardNames = (page: Page) =>
  page
    .locator('section[aria-label="Buildings in view"] li')
    // The name is the card's first paragraph (building-card.tsx).
    .evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent ?? ''));

describe('Near me', () => {
  it('centres the map on a granted position, from the keyboard', async () => {
    const context = await newContext(browser, { geolocation: HERE, permissions: ['geolocation'] });
    try {
      const page = await openExplore(context);
      const locateButton = page.getByRole('button', { name: 'Show my location' });
      await locateButton.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(
          async () => {
            const { moving, zoom } = await mapView(page);
            return !moving && zoom >= LOCATE_ZOOM;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const view = await mapView(page);
      expect(view.lat).toBeCloseTo(HERE.latitude, 4);
      expect(view.lng).toBeCloseTo(HERE.longitude, 4);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'location' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('says the location was refused and how to allow it, and the map stays where it was', async () => {
    const context = await newContext(browser, { geolocation: HERE });
    try {
      await context.clearPermissions();
      const page = await openExplore(context);
      const before = await mapView(page);
      await page.getByRole('button', { name: 'Show my location' }).click();
      const alert = page.getByRole('alert').filter({ hasText: LOCATE_MESSAGES.refused });
      await alert.waitFor({ timeout: 20_000 });
      await page.screenshot({ path: 'test-results/near-me/refused.png' });
      const after = await mapView(page);
      expect([after.lng, after.lat, after.zoom]).toEqual([before.lng, before.lat, before.zoom]);
      // The message can be closed.
      await alert.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => alert.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("orders the cards nearest the map's centre first", async () => {
    const context = await newContext(browser, { geolocation: HERE, permissions: ['geolocation'] });
    try {
      const page = await openExplore(context);
      await signIn(page, `nearme${Date.now().toString(36)}`);
      const style = [...(await styleIdsByName()).values()][0]!;
      const tag = Math.random().toString(36).slice(2, 7);
      // Made nearest first, so newest first is the other way round; all within about a kilometre,
      // in the view of the map centred there at the locate zoom.
      const names = [`Near ${tag}`, `Middle ${tag}`, `Far ${tag}`];
      const offsets = [0.001, 0.005, 0.012];
      for (const [i, name] of names.entries()) {
        await createBuilding(page, {
          name,
          coordinates: [HERE.longitude + offsets[i]!, HERE.latitude],
          year_built: 1950,
          architectural_styles: [style],
        });
      }
      await page.reload();
      await waitForMapIdle(page);
      await page.getByRole('button', { name: 'Show my location' }).click();
      await expect.poll(() => mapView(page), { timeout: 20_000 }).toMatchObject({ moving: false });
      await expect.poll(() => cardNames(page), { timeout: 20_000 }).toEqual([...names].reverse());

      await page.getByRole('combobox', { name: 'Order of the cards' }).selectOption('distance');
      await expect.poll(() => cardNames(page), { timeout: 20_000 }).toEqual(names);
      // For a person to look at: the locate control and the order select.
      await page.screenshot({ path: 'test-results/near-me/nearest-first.png' });
      await page.getByRole('combobox', { name: 'Order of the cards' }).selectOption('newest');
      await expect.poll(() => cardNames(page), { timeout: 20_000 }).toEqual([...names].reverse());
    } finally {
      await context.close();
    }
  });
});
