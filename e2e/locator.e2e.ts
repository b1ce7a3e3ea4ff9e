/**
 * A building without a cover image shows its locator (GET /api/locator.svg) on
 * its card, in the page's colour scheme, loaded for real (the CSP allows it, the SVG decodes).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());
afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface LoadedPicture {
  src: string;
  naturalWidth: number;
  naturalHeight: number;
  width: number;
  height: number;
}

/**
 * A locator picture on an explore card that has loaded and is laid out (the list may re-render
 * while the map settles, so this is read in one go in the page, polled until one qualifies).
 */
async function loadedCardLocator(page: Page): Promise<LoadedPicture> {
  await page.locator('[data-building-id] img[data-locator]').first().waitFor({ state: 'attached' });
  const handle = await page.waitForFunction(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('[data-building-id] img[data-locator]')) {
      const rect = img.getBoundingClientRect();
      if (img.complete && img.naturalWidth > 0 && rect.width > 0) {
        return {
          // The source the browser chose: the server's frame draws the card as a <picture> whose
          // dark-scheme <source> replaces the <img>'s light src, and the frame may still be on
          // screen when the first picture has loaded.
          src: img.currentSrc,
          naturalWidth: img.naturalWidth,
          naturalHeight: img.naturalHeight,
          width: rect.width,
          height: rect.height,
        };
      }
    }
    return null;
  });
  return (await handle.jsonValue()) as LoadedPicture;
}

describe('locator pictures on cards', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows a loaded locator on a seeded card without a cover (${colorScheme})`, async () => {
      context = await newContext(browser, { colorScheme });
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') blocked.push(message.text());
      });
      await page.goto('/');
      const picture = await loadedCardLocator(page);
      expect(picture.src).toContain(`scheme=${colorScheme}`);
      expect(picture.naturalWidth).toBeGreaterThan(0);
      expect(picture.naturalHeight).toBeGreaterThan(0);
      // The card's box sizes it (88 × 72 px): nothing jumps as it loads.
      expect(Math.round(picture.width)).toBe(88);
      expect(Math.round(picture.height)).toBe(72);
      expect(blocked.filter((text) => /locator|Content Security Policy/i.test(text))).toEqual([]);

      const response = await page.request.get(picture.src);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers()['cache-control']).toContain('immutable');
    });
  }
});
