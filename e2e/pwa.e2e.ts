import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_FILES, MANIFEST_PATH, webManifest } from '#domain/web-manifest';
import { OFFLINE_TEXT } from '../web/src/app/offline.ts';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle } from './map.ts';

// Installable and offline: the manifest and icons are files, the page links them, the service
// worker controls the page after one visit, and a reload without a network still opens `/` and
// draws the map of the places seen. Only this file lets the worker run (browser.ts blocks it).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A context of its own, with the service worker allowed. */
async function pwaContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

/** Waits until a service worker controls the page (it claims the page once it is active). */
async function waitForController(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

describe('installable', () => {
  it('serves the manifest and the icons as files of their types', async () => {
    const base = baseURL();
    const manifest = await fetch(`${base}${MANIFEST_PATH}`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as typeof webManifest;
    // Lighthouse's installability basics: names, a start URL, a standalone display, 192 and 512
    // px icons and a maskable one.
    expect(body).toMatchObject({
      name: webManifest.name,
      short_name: webManifest.short_name,
      start_url: '/',
      display: 'standalone',
      theme_color: webManifest.theme_color,
      background_color: webManifest.background_color,
    });
    expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of body.icons) {
      const res = await fetch(new URL(icon.src, base));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
    }
    const types: Record<string, RegExp> = {
      [ICON_FILES.ico]: /^image\/(?:x-icon|vnd\.microsoft\.icon)/,
      [ICON_FILES.svg]: /^image\/svg\+xml/,
      [ICON_FILES.appleTouch]: /^image\/png/,
    };
    for (const [file, type] of Object.entries(types)) {
      const res = await fetch(`${base}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(type);
    }
    // A file the build does not hold is a 404, not the app's page.
    const missing = await fetch(`${base}/no-such-icon.png`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
  });

  it('links the manifest and icons from the page, and a service worker controls it after one visit', async () => {
    const { context, page } = await pwaContext();
    try {
      await page.goto('/about');
      const head = await page.evaluate(() => ({
        manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href'),
        touch: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.getAttribute('href'),
        icons: [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((l) =>
          l.getAttribute('href'),
        ),
        theme: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
      }));
      expect(head).toEqual({
        manifest: MANIFEST_PATH,
        touch: `/${ICON_FILES.appleTouch}`,
        icons: [`/${ICON_FILES.ico}`, `/${ICON_FILES.svg}`],
        theme: webManifest.theme_color,
      });
      expect(await waitForController(page)).toBe(`${baseURL()}/sw.js`);
      // The browser read the manifest the page links (what its install prompt uses).
      const session = await context.newCDPSession(page);
      const { url, errors, data } = (await session.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string; critical: number }[];
        data?: string;
      };
      expect(url).toBe(`${baseURL()}${MANIFEST_PATH}`);
      expect(errors.filter((e) => e.critical)).toEqual([]);
      expect(JSON.parse(data ?? '{}')).toMatchObject({ display: 'standalone' });
      // Chromium's own installability check (what Lighthouse and the install prompt rely on).
      const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // Playwright's contexts are off the record, which alone keeps Chromium from offering to
      // install ('in-incognito'); nothing else may stand in the way.
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('offline', () => {
  it('after one visit, `/` opens without a network, draws the map and says the visitor is offline', async () => {
    const { context, page } = await pwaContext();
    try {
      await page.goto('/');
      await waitForMapIdle(page);
      await waitForController(page);
      // The precache is complete once the worker is active; the tiles seen from now on are kept.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await waitForMapIdle(page);
      await expect.poll(() => page.getByText(OFFLINE_TEXT).count()).toBe(0);

      await context.setOffline(true);
      await page.reload();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: OFFLINE_TEXT }).count(), { timeout: 30_000 })
        .toBe(1);
      await page.locator('.maplibregl-canvas').waitFor({ state: 'visible', timeout: 45_000 });
      await page.waitForFunction(() => window.__atlasMap?.isStyleLoaded() === true, null, {
        timeout: 45_000,
      });
      // The basemap's land is drawn from the tiles the worker kept.
      await expect
        .poll(
          () =>
            page.evaluate(
              () => window.__atlasMap?.queryRenderedFeatures({ layers: ['basemap-land'] }).length ?? 0,
            ),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      // For a person to look at: the map of the places seen, and the note.
      await page.screenshot({ path: 'test-results/pwa/offline.png' });

      await context.setOffline(false);
      await expect.poll(() => page.getByText(OFFLINE_TEXT).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps no API answer in its caches', async () => {
    const { context, page } = await pwaContext();
    try {
      await page.goto('/');
      await waitForMapIdle(page);
      await waitForController(page);
      await page.reload();
      await waitForMapIdle(page);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(cached.some((u) => u.startsWith('/basemap/'))).toBe(true);
      expect(cached).toContain('/index.html');
      expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/media'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
