/**
 * Open data export: the explore screen's Export menu downloads the catalogue with the
 * current filters and year, and the About page states the data licence.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePerTest } from './browser.ts';
import { waitForMapIdle } from './map.ts';

let page: Page;

pagePerTest({ colorScheme: 'light', acceptDownloads: true }, (opened) => ({ page } = opened));

describe('open data export', () => {
  it("downloads the catalogue as of the slider's year as CSV from the explore screen's Export menu", async () => {
    await page.goto('/?standingInYear=1935');
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Export buildings' }).click();
    const item = page.getByRole('menuitem', { name: 'CSV, all matching buildings' });
    const href = new URL((await item.getAttribute('href'))!, page.url());
    expect(href.pathname).toBe('/api/buildings/export');
    expect(href.searchParams.get('format')).toBe('csv');
    expect(href.searchParams.get('standingInYear')).toBe('1935');

    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    expect(download.suggestedFilename()).toMatch(/^atlas-of-buildings-\d{4}-\d{2}-\d{2}\.csv$/);
    // The browser runs remotely (e2e/browser.ts): the file is read through the connection.
    const parts: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) parts.push(chunk as Buffer);
    const csv = Buffer.concat(parts).toString('utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('id,name,lng,lat,year_built,year_demolished,styles,architects,city,country_code,url');
    // Standing in 1935: the Crystal Palace (1851–1936), not yet the World Trade Center (1973).
    expect(rows.some((r) => r.includes(',Crystal Palace,'))).toBe(true);
    expect(csv).not.toContain('World Trade Center Twin Towers');
  });

  it('offers the GeoJSON of the map view with the licence, and links the About page', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Export buildings' }).click();
    const item = page.getByRole('menuitem', { name: "GeoJSON, in the map's view" });
    const href = (await item.getAttribute('href'))!;
    expect(new URL(href, page.url()).searchParams.get('north')).not.toBeNull();
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers().link).toBe('<https://opendatacommons.org/licenses/odbl/1-0/>; rel="license"');
    const body = (await res.json()) as { license: string; features: unknown[] };
    expect(body.license).toBe('ODbL-1.0');
    expect(body.features.length).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'About the data' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await page.getByRole('heading', { level: 2, name: 'The data: ODbL 1.0' }).waitFor();
  });

  it("opens the menu when the button is pressed before the menu's code arrives and released after", async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    // Hold the menu's code until the button is pressed (a slow network, or a quick hand).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/export-menu-dropdown-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const box = (await page.getByRole('button', { name: 'Export buildings' }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The real button takes over under the pressed pointer; the release lands on it.
    await page.getByRole('button', { name: 'Export buildings', expanded: true }).waitFor();
    await page.mouse.up();
    await page.getByRole('menuitem', { name: "GeoJSON, in the map's view" }).waitFor();
    // Still open a moment later: the release did not toggle it shut.
    await page.waitForTimeout(300);
    expect(await page.getByRole('menu').isVisible()).toBe(true);
  });

  it('serves the About page with its own head, reachable from the header', async () => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await page.getByRole('heading', { level: 1, name: 'About Atlas of Buildings' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Open Database License (ODbL) v1.0' }).getAttribute('href'),
    ).toBe('https://opendatacommons.org/licenses/odbl/1-0/');
    await page.goto('/about');
    expect(await page.title()).toBe('About – Atlas of Buildings');
  });
});
