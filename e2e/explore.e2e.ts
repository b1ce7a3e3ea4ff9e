import crypto from 'node:crypto';
import { formatYear } from '#domain/building-years';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKER_COLOR_DARK,
  MARKER_COLOR_LIGHT,
  MAP_START_CENTER,
  MAP_START_ZOOM,
  THEME_STORAGE_KEY,
} from '#domain/constants';
import { getBuilding, getSeededBuildings, type WorldBuildings } from './api.ts';
import { newContext, pagePerTest } from './browser.ts';
import { checkViewport, markerColor, waitForMapIdle, type PlacedBuilding } from './map.ts';
import { createBuilding, pageFetch, signIn, styleIdsByName } from './session.ts';

// Circle radius 7 px plus its 1.5 px stroke: a point this close to the canvas edge may or may not be drawn.
const EDGE_PX = 10;

let browser: Browser;
let page: Page;
let seeded: WorldBuildings;

const placed = (): PlacedBuilding[] =>
  seeded.features.map((f) => ({
    id: f.properties.id,
    lng: f.geometry.coordinates[0],
    lat: f.geometry.coordinates[1],
  }));

const without = (ids: number[], excluded: number[]) => ids.filter((id) => !excluded.includes(id));

/** Farther than this from every other marker, a click opens its popup, not the chooser. */
const APART_PX = 30;

/** Buildings this file made (the overlapping pair), deleted again at the end. */
const made: number[] = [];
const maker = `explore_${crypto.randomBytes(3).toString('hex')}`;

pagePerTest({ colorScheme: 'light' }, (opened) => ({ browser, page } = opened));

beforeAll(async () => {
  seeded = await getSeededBuildings();
});

afterAll(async () => {
  if (made.length && browser) {
    const cleanup = await newContext(browser);
    const p = await cleanup.newPage();
    await p.goto('/gallery/1');
    await signIn(p, maker);
    for (const id of made) await pageFetch(p, 'DELETE', `/api/buildings/${id}`);
    await cleanup.close();
  }
});

describe('explore screen (product §2)', () => {
  it('draws one marker for every seeded building inside the start viewport', async () => {
    expect(seeded.features.length).toBeGreaterThan(0);
    expect(seeded.truncated).toBe(false);

    await page.goto('/');
    await waitForMapIdle(page);

    const camera = await page.evaluate(() => {
      const map = window.__atlasMap;
      return map ? { center: map.getCenter().toArray(), zoom: map.getZoom() } : null;
    });
    expect(camera?.zoom).toBeCloseTo(MAP_START_ZOOM, 5);
    expect(camera?.center[0]).toBeCloseTo(MAP_START_CENTER[0], 5);
    expect(camera?.center[1]).toBeCloseTo(MAP_START_CENTER[1], 5);

    const view = await checkViewport(page, placed(), EDGE_PX);
    expect(view.inBounds.length).toBeGreaterThan(0);
    // Points within a marker radius of the edge are drawn or not depending on rounding; all others must match.
    expect(without(view.rendered, view.atEdge)).toEqual(without(view.inBounds, view.atEdge));
    if (view.atEdge.length === 0) expect(view.rendered).toEqual(view.inBounds);
  });

  it('opens a popup with the name, description and year built when a marker is clicked', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    const view = await checkViewport(page, placed(), EDGE_PX);
    // A marker apart from the others: piled-up markers open the chooser instead.
    const apart = (id: number) => {
      const p = view.pixels[id];
      return (
        p !== undefined &&
        view.inBounds.every((other) => {
          const q = view.pixels[other];
          return other === id || !q || Math.hypot(q.x - p.x, q.y - p.y) > APART_PX;
        })
      );
    };
    const target = seeded.features.find(
      (f) =>
        view.inBounds.includes(f.properties.id) &&
        !view.atEdge.includes(f.properties.id) &&
        apart(f.properties.id),
    );
    if (!target) throw new Error('No seeded building lies well inside the start viewport');
    const pixel = view.pixels[target.properties.id];
    if (!pixel) throw new Error('No pixel for the target building');

    await page.locator('.maplibregl-canvas').click({ position: pixel });
    const popup = page.locator('.maplibregl-popup');
    await popup.waitFor();
    const name = await popup.locator('a').textContent();
    const shown = seeded.features.find((f) => f.properties.name === name);
    expect(shown, `popup names a seeded building (${name})`).toBeDefined();
    expect(shown?.properties.id).toBe(target.properties.id);
    expect(await popup.locator('a').getAttribute('href')).toBe(`/buildings/${shown?.properties.id}`);
    const year = shown?.properties.year_built ?? null;
    // One way to write years, as the cards do: 'Year built: 2560 BC'.
    expect(await popup.textContent()).toContain(
      `Year built: ${year === null ? 'unknown' : formatYear(year)}`,
    );
    if (shown?.properties.description)
      expect(await popup.textContent()).toContain(shown.properties.description);

    expect(await page.title()).toBe('Atlas of Buildings');
    await popup.locator('a').click();
    await page.waitForURL(`**/buildings/${shown?.properties.id}`);
    await page.getByRole('heading', { name: shown?.properties.name }).waitFor();
    // Opened without a reload, the page is named after the building, as the server would name it.
    await expect.poll(() => page.title()).toBe(`${shown?.properties.name} – Atlas of Buildings`);
  });

  it('toggles the theme, recolours the markers and keeps the choice after a reload', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    const html = page.locator('html');
    expect(await html.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(await markerColor(page)).toBe(MARKER_COLOR_LIGHT);
    const toggle = page.getByRole('button', { name: 'Toggle color scheme' });
    expect(await toggle.locator('[data-icon="moon"]').count()).toBe(1);

    // Record whether the transition class shows up on <html>, however slow the page is.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __classesSeen: string[] }).__classesSeen = seen;
      new MutationObserver(() => seen.push(document.documentElement.className)).observe(
        document.documentElement,
        {
          attributes: true,
          attributeFilter: ['class'],
        },
      );
    });
    const mapBefore = await page.evaluate(() => window.__atlasMap !== undefined);
    await toggle.click();

    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    expect(await markerColor(page)).toBe(MARKER_COLOR_DARK);
    expect(await toggle.locator('[data-icon="sun"]').count()).toBe(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');
    // The same map instance was recoloured, not recreated.
    expect(mapBefore).toBe(true);
    expect(await page.evaluate(() => window.__atlasMapIdle)).toBe(true);
    await page.waitForFunction(() => !document.documentElement.classList.contains('theme-transition'));
    const classesSeen = await page.evaluate(
      () => (window as unknown as { __classesSeen: string[] }).__classesSeen,
    );
    expect(classesSeen.some((c) => c.split(' ').includes('theme-transition'))).toBe(true);

    await page.reload();
    await waitForMapIdle(page);
    expect(await html.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await markerColor(page)).toBe(MARKER_COLOR_DARK);
  });

  it('starts in the dark theme when the system prefers dark and nothing is stored', async () => {
    const dark = await newContext(browser, { colorScheme: 'dark' });
    try {
      const darkPage = await dark.newPage();
      await darkPage.goto('/');
      await waitForMapIdle(darkPage);
      expect(await darkPage.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      expect(await markerColor(darkPage)).toBe(MARKER_COLOR_DARK);
    } finally {
      await dark.close();
    }
  });

  it("shows 'Error loading map data' when the buildings cannot be loaded", async () => {
    let failing = true;
    // Failed answers to the map's own view: its requests carry the zoom it reported, the page's
    // first request (before the map has started) does not.
    let mapViewFailures = 0;
    await page.route('**/api/buildings/geojson*', (route) => {
      if (!failing) return route.continue();
      if (new URL(route.request().url()).searchParams.has('zoom')) mapViewFailures += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Internal Server Error',
          status: 500,
          detail: 'boom',
        }),
      });
    });
    await page.goto('/');
    // The map starts now (at the first input), not after the page has been quiet: once started it
    // asks for the buildings of its own view, and that request would otherwise come later and on
    // its own, answered or not, while the test is reading the error.
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 20_000 });
    await page.evaluate(() => dispatchEvent(new PointerEvent('pointermove')));
    await page.locator('.maplibregl-canvas').waitFor({ state: 'visible', timeout: 45_000 });
    // The error read must be the one for the map's view: until its request and both retries have
    // failed, the overlay may still show the first request's error, and a server that answers
    // again before the map's own request would leave no Retry to press.
    await expect.poll(() => mapViewFailures, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await page.getByText('Error loading map data').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 20_000 });

    // The error offers Retry; once the server answers, the map agrees with the list.
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Error loading map data').waitFor({ state: 'hidden', timeout: 20_000 });
    await waitForMapIdle(page);
  });
});

describe('markers on one spot', () => {
  it("lists the buildings under a click ('2 buildings here'); picking one opens its popup", async () => {
    const styles = [...(await styleIdsByName()).values()];
    const style = styles[0];
    if (style === undefined) throw new Error('No styles seeded');
    // Two buildings at the very same point, in the South Atlantic, away from the seeded ones.
    const at: [number, number] = [-24.5 + Math.round(Math.random() * 1000) / 10_000, -47.25];
    const tag = crypto.randomBytes(3).toString('hex');
    const first = `Twin Hall ${tag}`;
    const second = `Twin Annex ${tag}`;
    await page.goto('/gallery/1');
    await signIn(page, maker);
    for (const [name, year] of [
      [first, 1901],
      [second, -120],
    ] as const) {
      made.push(
        await createBuilding(page, {
          name,
          coordinates: at,
          year_built: year,
          architectural_styles: [style],
        }),
      );
    }
    const [hallId, annexId] = made;

    await page.goto('/');
    await waitForMapIdle(page);
    await page.evaluate((center) => window.__atlasMap?.jumpTo({ center, zoom: 17 }), at);
    await waitForMapIdle(page);
    const pixel = await page.evaluate((point) => window.__atlasMap?.project(point), at);
    if (!pixel) throw new Error('The map is not on the page');

    await page.locator('.maplibregl-canvas').click({ position: { x: pixel.x, y: pixel.y } });
    const chooser = page.getByRole('list', { name: '2 buildings here' });
    await chooser.waitFor();
    const choices = chooser.getByRole('button');
    // By name, each with its year built written as the cards write it.
    expect(await choices.allTextContents()).toEqual([`${second} 120 BC`, `${first} 1901`]);
    // Keyboard: the chooser takes the focus; Tab reaches the next building, Enter picks it.
    await page.waitForFunction(() => document.activeElement?.classList.contains('building-chooser__item'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`${second} 120 BC`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await chooser.waitFor({ state: 'detached' });
    const popup = page.locator('.maplibregl-popup');
    const link = popup.getByRole('link', { name: first });
    await link.waitFor();
    expect(await popup.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe(`/buildings/${hallId}`);
    expect(await popup.textContent()).toContain('Year built: 1901');

    // A pointer works too: the pile again (the map may have panned to show the popup), the other building.
    const again = await page.evaluate((point) => window.__atlasMap?.project(point), at);
    if (!again) throw new Error('The map is not on the page');
    await page.locator('.maplibregl-canvas').click({ position: { x: again.x, y: again.y } });
    await chooser.getByRole('button', { name: second }).click();
    await popup.getByRole('link', { name: second }).click();
    await page.waitForURL(`**/buildings/${annexId}`);
    await page
      .getByRole('complementary', { name: 'Building' })
      .getByRole('heading', { name: second })
      .waitFor();
  });
});

describe('building page (product §2)', () => {
  it('shows a deep-linked building in a panel whose close button returns to /', async () => {
    const first = seeded.features[0];
    if (!first) throw new Error('No seeded building');
    const detail = await getBuilding(first.properties.id);

    await page.goto(`/buildings/${detail.id}`);
    const panel = page.getByRole('complementary', { name: 'Building' });
    await panel.getByRole('heading', { name: detail.name }).waitFor();
    for (const style of detail.architectural_styles) {
      expect(await panel.getByText(style.name, { exact: true }).count()).toBeGreaterThan(0);
    }
    await waitForMapIdle(page);

    expect(await page.title()).toBe(`${detail.name} – Atlas of Buildings`);
    await panel.getByRole('button', { name: 'Close building panel' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe('Atlas of Buildings');
    await page.getByRole('link', { name: 'About' }).click();
    await expect.poll(() => page.title()).toBe('About – Atlas of Buildings');
  });

  it("answers an unknown building with 'Building not found'", async () => {
    await page.goto('/buildings/987654321');
    await page.getByText('Building not found').waitFor();
    expect(await page.title()).toBe('Not found – Atlas of Buildings');
  });
});

describe('navigation bar (product §2)', () => {
  it("links 'Explore Buildings' to / and opens the login modal", async () => {
    await page.goto('/gallery/1');
    await page.getByRole('heading', { name: 'Gallery' }).waitFor();
    expect(await page.getByRole('link', { name: 'See Building Page' }).getAttribute('href')).toBe(
      '/buildings/1',
    );

    await page.getByRole('link', { name: 'Explore Buildings' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForMapIdle(page);

    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Login or create an account! :)').waitFor();
  });

  it('shows the user page header with the handle', async () => {
    await page.goto('/user/demo/lists');
    await page.getByRole('heading', { name: 'demo', level: 1 }).waitFor();
  });
});
