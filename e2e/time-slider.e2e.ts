/**
 * The catalogue through time: the explore screen's time slider, the year kept in the
 * URL, play stepping through decades, and demolished buildings marked on cards and their page.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentYear } from '#domain/constants';
import { getSeededBuildings } from './api.ts';
import { pagePerTest } from './browser.ts';
import { waitForMapIdle } from './map.ts';

let page: Page;
let ids: { crystal: number; penn: number; wtc: number };

pagePerTest({ colorScheme: 'light' }, (opened) => ({ page } = opened));

beforeAll(async () => {
  const world = await getSeededBuildings();
  const idOf = (name: string) => {
    const found = world.features.find((f) => f.properties.name === name);
    if (!found) throw new Error(`${name} is not seeded`);
    return found.properties.id;
  };
  ids = {
    crystal: idOf('Crystal Palace'),
    penn: idOf('Pennsylvania Station (1910)'),
    wtc: idOf('World Trade Center Twin Towers'),
  };
});

/** Building ids in the map's `buildings` source (points; the seeded world view does not cluster). */
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

const yearInUrl = (p: Page) => new URL(p.url()).searchParams.get('standingInYear');

describe('the time slider', () => {
  it('opens a shared year from the URL, steps by keyboard and shows only what stood', async () => {
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/buildings/geojson')) requests.push(new URL(r.url()));
    });
    await page.goto('/?standingInYear=1935');
    await waitForMapIdle(page);
    await expect.poll(() => page.getByTestId('standing-year-label').textContent()).toBe('Standing in 1935');
    expect(requests.some((u) => u.searchParams.get('standingInYear') === '1935')).toBe(true);
    // The start view takes in London: the Crystal Palace stood in 1935.
    await expect.poll(async () => (await mapBuildingIds(page)).includes(ids.crystal)).toBe(true);

    // Keyboard: the slider's thumb steps a year with the arrows (Crystal Palace burned in 1936).
    const slider = page.getByRole('slider', { name: 'Year the map shows' });
    expect(await slider.getAttribute('aria-valuenow')).toBe('1935');
    await slider.focus();
    await slider.press('ArrowRight');
    await expect.poll(() => yearInUrl(page)).toBe('1936');
    await waitForMapIdle(page);
    await expect.poll(async () => (await mapBuildingIds(page)).includes(ids.crystal)).toBe(false);

    // End jumps to today.
    await slider.press('End');
    await expect.poll(() => yearInUrl(page)).toBe(String(currentYear()));
    await waitForMapIdle(page);
    await expect.poll(async () => (await mapBuildingIds(page)).includes(ids.crystal)).toBe(false);

    // 'All years' leaves the time filter: every building whatever its years.
    await page.getByRole('button', { name: 'All years' }).click();
    await expect.poll(() => yearInUrl(page)).toBeNull();
    await waitForMapIdle(page);
    await expect
      .poll(async () => {
        return (await mapBuildingIds(page)).includes(ids.crystal);
      })
      .toBe(true);
  });

  it('plays through the decades and pauses', async () => {
    await page.goto('/?standingInYear=1963');
    await waitForMapIdle(page);
    const play = page.getByRole('button', { name: 'Play through the decades' });
    await play.press('Enter');
    await expect.poll(() => yearInUrl(page), { timeout: 20_000 }).toBe('1970');
    await expect.poll(() => yearInUrl(page), { timeout: 20_000 }).toBe('1980');
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = yearInUrl(page);
    expect(Number(paused)).toBeGreaterThanOrEqual(1980);
    // Paused: once the map has settled on the last year, the year stays.
    await waitForMapIdle(page);
    expect(await page.getByRole('button', { name: 'Play through the decades' }).isVisible()).toBe(true);
    expect(yearInUrl(page)).toBe(paused);
  });

  it('marks demolished buildings on their card and their page, keeping the year', async () => {
    await page.goto(`/buildings/${ids.penn}?standingInYear=1935`);
    await waitForMapIdle(page);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Pennsylvania Station (1910)' }).isVisible())
      .toBe(true);
    const panelBadge = page.getByTestId('demolished-badge').filter({ hasText: 'Demolished in 1963' });
    await expect.poll(() => panelBadge.count()).toBe(1);
    expect(await page.getByTestId('standing-year-label').textContent()).toBe('Standing in 1935');
    // The map flew to Manhattan: the station's card, marked, is among the cards of 1935.
    const card = page.locator(`[data-building-id="${ids.penn}"]`);
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(1);
    expect(await card.getByTestId('demolished-badge').textContent()).toBe('Demolished');
    expect(await page.locator(`[data-building-id="${ids.wtc}"]`).count()).toBe(0);
    expect(await card.getAttribute('href')).toBe(`/buildings/${ids.penn}?standingInYear=1935`);
  });
});
