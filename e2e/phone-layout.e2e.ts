import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSeededBuildings } from './api.ts';
import { launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle } from './map.ts';
import { signIn } from './session.ts';

// Phones: at 390 px the header stays on one line, the filters fold behind a 'Filters'
// button with a count, 'Add New Building' is a compact button, the building panel is a bottom
// sheet with the building's marker in view above it, and Escape closes the wizard.

const WIDTH = 390;
const HEIGHT = 800;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const handle = `phone_${crypto.randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { colorScheme: 'light', viewport: { width: WIDTH, height: HEIGHT } });
  page = await context.newPage();
  await page.goto('/login');
  await signIn(page, handle);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/**
 * The control's box. A stand-in swapped for its real control (the search icon, once the search's
 * code is there) can leave between finding the element and measuring it: measure again what the
 * locator then finds, for up to 5 s.
 */
const box = async (locator: ReturnType<Page['locator']>) => {
  const until = Date.now() + 5000;
  for (;;) {
    const b = await locator.boundingBox();
    if (b) return b;
    if (Date.now() > until) throw new Error('element not visible');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the explore screen on a 390 px phone', () => {
  it('keeps the header on one line with the brand mark, folds the filters and makes Add compact', async () => {
    await page.goto('/');
    await waitForMapIdle(page);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const overflow = await nav.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const brand = await box(nav.getByRole('link', { name: 'Atlas of Buildings home' }));
    expect(brand.x).toBeGreaterThanOrEqual(0);
    const explore = await box(nav.getByRole('link', { name: 'Explore Buildings' }));
    // One line of 16 px text: far less than two.
    expect(explore.height).toBeLessThan(30);
    const profile = await box(nav.getByRole('button', { name: handle }));
    expect(profile.x + profile.width).toBeLessThanOrEqual(WIDTH);

    const filters = page.getByRole('button', { name: /^Filters/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('textbox', { name: 'Start year' }).isVisible()).toBe(false);
    const bar = await box(page.getByRole('search', { name: 'Filter buildings' }));
    expect(bar.height).toBeLessThan(60);

    await filters.click();
    const start = page.getByRole('textbox', { name: 'Start year' });
    await start.fill('1900');
    await start.press('Enter');
    await filters.click();
    expect(await start.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters 1 active' }).waitFor();
    await filters.click();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();

    const add = await box(page.getByRole('button', { name: 'Add New Building' }));
    expect(add.width).toBeLessThanOrEqual(56);
    expect(add.x + add.width).toBeLessThanOrEqual(WIDTH);
  });

  it('shows the building panel as a bottom sheet, the marker in view above it', async () => {
    const { features } = await getSeededBuildings();
    const building = features[0];
    if (!building) throw new Error('No seeded buildings');
    await page.goto(`/buildings/${building.properties.id}`);
    const panel = page.getByRole('complementary', { name: 'Building' });
    await panel.getByRole('heading', { name: building.properties.name, level: 1 }).waitFor();
    await waitForMapIdle(page);

    const sheet = await box(panel);
    expect(sheet.x).toBe(0);
    expect(sheet.width).toBe(WIDTH);
    expect(Math.round(sheet.y + sheet.height)).toBe(HEIGHT);
    expect(sheet.y).toBeGreaterThan(HEIGHT * 0.35);

    const [lng, lat] = building.geometry.coordinates;
    const marker = await page.evaluate(
      ([lng, lat]) => {
        const map = window.__atlasMap;
        if (!map) throw new Error('no map');
        const point = map.project([lng, lat]);
        const rect = map.getCanvas().getBoundingClientRect();
        return { x: rect.left + point.x, y: rect.top + point.y };
      },
      [lng, lat] as [number, number],
    );
    expect(marker.y).toBeLessThan(sheet.y);
    expect(marker.x).toBeGreaterThan(0);
    expect(marker.x).toBeLessThan(WIDTH);
  });

  it('closes the wizard on Escape, after the confirm-before-discard', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add New Building' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add New Building' });
    await wizard.getByRole('textbox', { name: 'Name' }).fill('Phone hall');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.keyboard.press('Escape');
    expect(await asked).toBe('Discard the building you started adding?');
    await wizard.waitFor({ state: 'hidden' });
  });
});

describe('the signed-out header on phones', () => {
  // 'Login' is wider than a profile avatar: the header must still fit on one line, every control
  // inside the screen (at 390 px 'Login' used to end 10 px beyond it, cut off).
  for (const width of [360, 390]) {
    it(`fits on one line at ${width} px with 'Login' inside the screen`, async () => {
      const signedOut = await newContext(browser, {
        colorScheme: 'light',
        viewport: { width, height: HEIGHT },
      });
      try {
        const phone = await signedOut.newPage();
        await phone.goto('/');
        const nav = phone.getByRole('navigation', { name: 'Main' });
        const login = nav.getByRole('button', { name: 'Login' });
        await login.waitFor();
        expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        const controls = [
          nav.getByRole('link', { name: 'Atlas of Buildings home' }),
          nav.getByRole('button', { name: 'Search' }),
          nav.getByRole('button', { name: 'Feedback' }),
          nav.getByRole('button', { name: 'Toggle color scheme' }),
          login,
        ];
        let right = 0;
        for (const control of controls) {
          const b = await box(control);
          // In order, side by side, none overlapping the one before, all inside the screen.
          expect(b.x).toBeGreaterThanOrEqual(right);
          right = b.x + b.width;
        }
        expect(right).toBeLessThanOrEqual(width);
        // 'Explore Buildings' stays where there is room for it; below 380 px the logo alone leads home.
        expect(await nav.getByRole('link', { name: 'Explore Buildings' }).isVisible()).toBe(width >= 380);
      } finally {
        await signedOut.close();
      }
    });
  }
});
