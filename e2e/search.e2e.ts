/** The navigation bar's search box finds buildings and places and goes there. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePerTest } from './browser.ts';
import { waitForMapIdle } from './map.ts';

let page: Page;
pagePerTest({ colorScheme: 'light' }, (opened) => ({ page } = opened));

const searchBox = (p: Page) => p.getByRole('combobox', { name: 'Search' });
const panel = (p: Page) => p.getByRole('complementary', { name: 'Building' });

describe('search in the navigation bar', () => {
  it("'/' focuses it; typing 'batllo', ↓ and Enter open Casa Batlló's panel", async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    await page.keyboard.press('/');
    // The box may be the stand-in or the loaded combobox taking over: wait for the focus to land.
    await expect
      .poll(() => searchBox(page).evaluate((el) => el === document.activeElement), { timeout: 5000 })
      .toBe(true);
    await page.keyboard.type('batllo');
    const option = page.getByRole('option', { name: /Casa Batlló/ });
    await option.waitFor();
    // Grouped by type.
    await page.getByText('Buildings', { exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('data-combobox-selected')).not.toBeNull();
    await page.keyboard.press('Enter');
    await panel(page).getByRole('heading', { name: 'Casa Batlló' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/buildings\/\d+$/);
    // The panel lists the architect as a link to their page.
    const architect = panel(page).getByRole('link', { name: 'Antoni Gaudí' });
    expect(await architect.getAttribute('href')).toMatch(/^\/architects\/\d+$/);
  });

  it("picking the place 'Sydney' flies the map there", async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    await searchBox(page).click();
    await page.keyboard.type('sydney');
    const option = page.getByRole('option', { name: /^Sydney\s*Australia/ });
    await option.waitFor();
    await option.click();
    await page.waitForFunction(
      () => {
        const map = window.__atlasMap;
        if (!map || map.isMoving()) return false;
        const c = map.getCenter();
        return Math.abs(c.lng - 151.2) < 0.2 && Math.abs(c.lat + 33.87) < 0.2 && map.getZoom() > 10;
      },
      undefined,
      { timeout: 20_000 },
    );
  });

  it('opens the architect page from an architect hit, with their buildings', async () => {
    await page.goto('/');
    await searchBox(page).click();
    await page.keyboard.type('frank lloyd');
    await page.getByRole('option', { name: /Frank Lloyd Wright/ }).click();
    await page.getByRole('heading', { name: 'Frank Lloyd Wright', level: 1 }).waitFor();
    await page.getByRole('link', { name: /Fallingwater/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/architects\/\d+$/);
  });
});
