import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BuildingFeature, BuildingFeatureCollection } from '#domain/building-map';
import { isClusterFeature } from '#domain/map-features';
import { BUILDING_FLY_TO_ZOOM, MAP_DEFAULT_BOUNDS, currentYear } from '#domain/constants';
import { getJson } from './api.ts';
import { newContext, pagePerTest } from './browser.ts';
import { checkViewport, waitForMapIdle, waitForNextIdle, type PlacedBuilding } from './map.ts';
import { styleIdsByName } from './session.ts';

// Circle radius 7 px plus its 1.5 px stroke: a point this close to the canvas edge may or may not be drawn.
const EDGE_PX = 10;

let browser: Browser;
let page: Page;
pagePerTest({ colorScheme: 'light' }, (opened) => ({ browser, page } = opened));

/** The world's building points matching a filter query, straight from the API. */
async function worldPoints(filters = ''): Promise<PlacedBuilding[]> {
  const { north, south, east, west } = MAP_DEFAULT_BOUNDS;
  const collection = await getJson<BuildingFeatureCollection>(
    `/api/buildings/geojson?north=${north}&south=${south}&east=${east}&west=${west}${filters}`,
  );
  expect(collection.truncated).toBe(false);
  return collection.features
    .filter((f): f is BuildingFeature => !isClusterFeature(f))
    .map((f) => ({ id: f.properties.id, lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] }));
}

const without = (ids: number[], excluded: number[]) => ids.filter((id) => !excluded.includes(id));

/**
 * Waits until the map draws exactly the expected buildings in its viewport: nothing else, and every
 * expected one that is inside the bounds (those within a marker of the edge may go either way).
 */
async function expectDrawn(p: Page, expected: PlacedBuilding[]): Promise<void> {
  const ids = expected.map((b) => b.id);
  await expect
    .poll(
      async () => {
        const view = await checkViewport(p, expected, EDGE_PX);
        return {
          stray: view.rendered.filter((id) => !ids.includes(id)),
          missing: without(view.inBounds, view.atEdge).filter((id) => !view.rendered.includes(id)),
        };
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual({ stray: [], missing: [] });
}

/** A building among `ids` well inside the viewport whose marker is the top one at its pixel. */
async function hoverableBuilding(
  p: Page,
  candidates: PlacedBuilding[],
): Promise<{ id: number; x: number; y: number }> {
  const view = await checkViewport(p, candidates, EDGE_PX * 3);
  for (const b of candidates) {
    const pixel = view.pixels[b.id];
    if (!pixel || view.atEdge.includes(b.id)) continue;
    const top = await p.evaluate(
      ({ x, y }) =>
        window.__atlasMap?.queryRenderedFeatures([x, y], { layers: ['buildings-highlight', 'buildings'] })[0]
          ?.properties.id as number | undefined,
      pixel,
    );
    if (top === b.id) return { id: b.id, ...pixel };
  }
  throw new Error('No building stands alone in the viewport');
}

/** The marker's highlight feature-state (set while hovered or selected). */
function isHighlighted(p: Page, id: number): Promise<boolean> {
  return p.evaluate((building) => {
    const state = window.__atlasMap?.getFeatureState({ source: 'buildings', id: building }) as
      Record<string, unknown> | undefined;
    return state?.highlighted === true;
  }, id);
}

async function canvasPoint(p: Page, pixel: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const box = await p.locator('.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('The map canvas has no box');
  return { x: box.x + pixel.x, y: box.y + pixel.y };
}

describe('filters (product §2 and 5: style multi-select and "Built between")', () => {
  it('draws only the buildings of a picked style', async () => {
    const styles = await styleIdsByName();
    const gothic = styles.get('Gothic');
    if (!gothic) throw new Error('No Gothic style seeded');
    const all = await worldPoints();
    const expected = await worldPoints(`&archStyles=${gothic}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/buildings/geojson')) requests.push(r.url());
    });
    await page.goto('/');
    await waitForMapIdle(page);
    await page.getByRole('combobox', { name: 'Architectural styles' }).click();
    await page.getByRole('option', { name: 'Gothic', exact: true }).click();
    await page.keyboard.press('Escape');

    await expectDrawn(page, expected);
    const view = await checkViewport(page, expected, EDGE_PX);
    expect(view.rendered.length).toBeGreaterThan(0);
    expect(requests.some((url) => new URL(url).searchParams.get('archStyles') === String(gothic))).toBe(true);

    // Every card shown is a building of that style.
    const cardIds = await page
      .locator('[data-building-id]')
      .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-building-id'))));
    expect(cardIds.length).toBeGreaterThan(0);
    expect(cardIds.every((id) => expected.some((b) => b.id === id))).toBe(true);
  });

  it('draws only the buildings built within a year range, and applies the year rules', async () => {
    const expected = await worldPoints('&builtAfterDate=1900&builtBeforeDate=1950');
    expect(expected.length).toBeGreaterThan(0);
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/buildings/geojson')) requests.push(new URL(r.url()));
    });

    await page.goto('/');
    await waitForMapIdle(page);
    const start = page.getByRole('textbox', { name: 'Start year' });
    const end = page.getByRole('textbox', { name: 'End year' });

    // Product §5: a start year with no end year touched sets the end year to the current year.
    await start.fill('1900');
    await start.press('Enter');
    expect(await end.inputValue()).toBe(String(currentYear()));
    await end.fill('1950');
    await end.press('Enter');

    await expectDrawn(page, expected);
    expect(
      requests.some(
        (url) =>
          url.searchParams.get('builtAfterDate') === '1900' &&
          url.searchParams.get('builtBeforeDate') === '1950',
      ),
    ).toBe(true);

    // Start above the end moves the end up; years clamp to the range; text is no year.
    await start.fill('1960');
    await start.press('Enter');
    expect(await end.inputValue()).toBe('1960');
    await end.fill('5000');
    await end.press('Enter');
    expect(await end.inputValue()).toBe(String(currentYear()));
    await start.fill('-20000');
    await start.press('Enter');
    expect(await start.inputValue()).toBe('-10000');
    await start.fill('abc');
    await start.press('Enter');
    expect(await start.inputValue()).toBe('');
  });
});

describe('cards and markers (product §2: hovering a card highlights its marker)', () => {
  it('links the hovered card and marker both ways', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    const cards = page.locator('[data-building-id]');
    await cards.first().waitFor();
    // The cards follow the map's view: once the map has reported it, the list is asked for again
    // and drawn a render later. Read them once two reads a moment apart agree.
    const readIds = () =>
      cards.evaluateAll((els) => els.map((c) => Number(c.getAttribute('data-building-id'))));
    let cardIds = await readIds();
    await expect
      .poll(async () => {
        const before = cardIds;
        await page.waitForTimeout(300);
        cardIds = await readIds();
        return cardIds.length > 0 && JSON.stringify(cardIds) === JSON.stringify(before);
      })
      .toBe(true);
    const all = await worldPoints();
    const shown = all.filter((b) => cardIds.includes(b.id));

    // Card -> marker: feature-state and the highlight layer above the others.
    const firstId = cardIds[0];
    if (firstId === undefined) throw new Error('No card');
    await page.locator(`[data-building-id="${firstId}"]`).hover();
    await expect
      .poll(() =>
        page.evaluate((id) => {
          const map = window.__atlasMap;
          const state = map?.getFeatureState({ source: 'buildings', id }) as
            Record<string, unknown> | undefined;
          return {
            state: state?.highlighted === true,
            filter: JSON.stringify(map?.getFilter('buildings-highlight')).includes(`[${id}]`),
          };
        }, firstId),
      )
      .toEqual({ state: true, filter: true });
    expect(
      await page.evaluate(() => window.__atlasMap?.getPaintProperty('buildings-highlight', 'circle-color')),
    ).toBe('#8e44ad');

    // Marker -> card.
    const target = await hoverableBuilding(page, shown);
    const point = await canvasPoint(page, target);
    await page.mouse.move(point.x, point.y);
    await page.locator(`[data-building-id="${target.id}"][data-highlighted]`).waitFor();
    expect(await page.locator('[data-highlighted]').count()).toBe(1);
    await expect.poll(() => isHighlighted(page, target.id)).toBe(true);
    // The first card's highlight went away when the pointer left it.
    if (target.id !== firstId) {
      expect(await isHighlighted(page, firstId)).toBe(false);
    }
  });

  it("shows 'Showing {n} buildings worldwide' on a narrow screen", async () => {
    const narrow = await newContext(browser, { viewport: { width: 375, height: 760 } });
    try {
      const p = await narrow.newPage();
      await p.goto('/');
      await p.getByText(/^Showing \d+ buildings worldwide$/).waitFor();
    } finally {
      await narrow.close();
    }
  });
});

describe('popup to profile (product §2: the map flies to the building at zoom 16)', () => {
  it('opens the profile from the popup link and flies there', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    const target = await hoverableBuilding(page, await worldPoints());
    const point = await canvasPoint(page, target);
    await page.mouse.click(point.x, point.y);
    const popup = page.locator('.maplibregl-popup');
    await popup.locator('a').click();
    await page.waitForURL(`**/buildings/${target.id}`);
    const detail = await getJson<{ name: string; coordinates: [number, number] }>(
      `/api/buildings/${target.id}`,
    );
    await page
      .getByRole('complementary', { name: 'Building' })
      .getByRole('heading', { name: detail.name })
      .waitFor();

    await page.waitForFunction(
      (zoom) => window.__atlasMapIdle === true && Math.abs((window.__atlasMap?.getZoom() ?? 0) - zoom) < 0.01,
      BUILDING_FLY_TO_ZOOM,
      { timeout: 45_000 },
    );
    const center = await page.evaluate(() => window.__atlasMap?.getCenter().toArray());
    expect(center?.[0]).toBeCloseTo(detail.coordinates[0], 4);
    expect(center?.[1]).toBeCloseTo(detail.coordinates[1], 4);
    // The open building is the highlighted marker, and the cards follow the new viewport.
    expect(await isHighlighted(page, target.id)).toBe(true);
    await page.locator(`[data-building-id="${target.id}"]`).waitFor();
  });
});

describe('a building page opened from its link (docs/decisions: no flight from a view nobody saw)', () => {
  it('starts the map at the building at zoom 16 and never moves it', async () => {
    const [target] = await worldPoints();
    if (!target) throw new Error('No seeded buildings');
    // Every camera the map shows, from the moment the app exposes it.
    await page.addInitScript(() => {
      const seen: { zoom: number; moves: number } = { zoom: NaN, moves: 0 };
      (window as unknown as { __firstCamera: typeof seen }).__firstCamera = seen;
      let value: unknown;
      Object.defineProperty(window, '__atlasMap', {
        configurable: true,
        get: () => value,
        set: (map: { getZoom(): number; on(event: string, f: () => void): void } | undefined) => {
          value = map;
          if (!map || !Number.isNaN(seen.zoom)) return;
          seen.zoom = map.getZoom();
          map.on('movestart', () => (seen.moves += 1));
        },
      });
    });
    await page.goto(`/buildings/${target.id}`);
    await waitForMapIdle(page);
    const seen = await page.evaluate(
      () => (window as unknown as { __firstCamera: { zoom: number; moves: number } }).__firstCamera,
    );
    expect(seen).toEqual({ zoom: BUILDING_FLY_TO_ZOOM, moves: 0 });
    const center = await page.evaluate(() => window.__atlasMap?.getCenter().toArray());
    expect(center?.[0]).toBeCloseTo(target.lng, 5);
    expect(center?.[1]).toBeCloseTo(target.lat, 5);
  });
});

describe('map controls (product §2 and 4)', () => {
  it("shows '+ Scroll to zoom map' for a wheel without Ctrl and zooms with Ctrl", async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    const box = await page.locator('.maplibregl-canvas').boundingBox();
    if (!box) throw new Error('No canvas');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const zoomBefore = await page.evaluate(() => window.__atlasMap?.getZoom());

    await page.mouse.wheel(0, -300);
    const hint = page.getByText('+ Scroll to zoom map');
    await hint.waitFor();
    // The map's next idle comes after any zoom the wheel might have started.
    await waitForNextIdle(page);
    expect(await page.evaluate(() => window.__atlasMap?.getZoom())).toBe(zoomBefore);
    // Gone again after 1.5 s.
    await hint.waitFor({ state: 'detached', timeout: 5000 });

    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    await page.waitForFunction(
      (before) => (window.__atlasMap?.getZoom() ?? 0) > (before ?? 0) + 0.1,
      zoomBefore,
    );
    expect(await hint.count()).toBe(0);
  });

  it('remembers the map bounds and opens on them on return', async () => {
    await page.goto('/');
    await waitForMapIdle(page);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const map = window.__atlasMap;
          if (!map) throw new Error('No map');
          map.once('moveend', () => resolve());
          map.jumpTo({ center: [10, 50], zoom: 5 });
        }),
    );
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('atlas-map-bounds') ?? 'null') as unknown,
    );
    expect(saved).toMatchObject({ timestamp: expect.any(Number) as number });

    await page.reload();
    await waitForMapIdle(page);
    const camera = await page.evaluate(() => {
      const map = window.__atlasMap;
      return map ? { center: map.getCenter().toArray(), zoom: map.getZoom() } : null;
    });
    expect(camera?.center[0]).toBeCloseTo(10, 0);
    expect(camera?.center[1]).toBeCloseTo(50, 0);
    expect(camera?.zoom).toBeGreaterThan(4.5);
  });

  it('forgets bounds saved more than 24 h ago and opens on the start view', async () => {
    await page.goto('/gallery/1');
    await page.evaluate(() => {
      const day = 24 * 60 * 60 * 1000;
      const record = { north: 55, south: 45, east: 20, west: 0, timestamp: Date.now() - day - 60_000 };
      localStorage.setItem('atlas-map-bounds', JSON.stringify(record));
    });
    await page.goto('/');
    await waitForMapIdle(page);
    expect(await page.evaluate(() => window.__atlasMap?.getZoom())).toBeCloseTo(3, 5);
  });
});

describe('server clusters (drawn as sized circles with a count, zoom in on click)', () => {
  it('draws the clusters of a clustered answer and zooms into one on click', async () => {
    const cluster = (count: number, label: string, at: [number, number], bounds: number[]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: at },
      properties: {
        cluster: true,
        cluster_id: `6/${at[0]}/${at[1]}`,
        point_count: count,
        point_count_abbreviated: label,
        expansion_zoom: 5,
        bounds,
      },
    });
    const body = {
      type: 'FeatureCollection',
      features: [
        cluster(1234, '1.2k', [7.5, 44.5], [5, 42, 10, 47]),
        cluster(12, '12', [-20, 30], [-25, 25, -15, 35]),
      ],
      truncated: true,
      total: 1246,
      approximate: false,
      zoom: 3,
      bbox: [-180, -90, 180, 90],
    };
    await page.route('**/api/buildings/geojson*', (route) => route.fulfill({ json: body }));
    await page.goto('/');
    await waitForMapIdle(page);

    const labels = page.locator('.cluster-label');
    await expect.poll(() => labels.allTextContents()).toEqual(['1.2k', '12']);
    expect(
      await page.evaluate(
        () => window.__atlasMap?.queryRenderedFeatures({ layers: ['building-clusters'] }).length,
      ),
    ).toBe(2);
    expect(
      await page.evaluate(() => window.__atlasMap?.queryRenderedFeatures({ layers: ['buildings'] }).length),
    ).toBe(0);

    const pixel = await page.evaluate(() => window.__atlasMap?.project([7.5, 44.5]));
    if (!pixel) throw new Error('No map');
    const point = await canvasPoint(page, pixel);
    await page.mouse.click(point.x, point.y);
    await page.waitForFunction(
      () => Math.abs((window.__atlasMap?.getZoom() ?? 0) - 5) < 0.01 && !window.__atlasMap?.isMoving(),
      null,
      {
        timeout: 30_000,
      },
    );
    const center = await page.evaluate(() => window.__atlasMap?.getCenter().toArray());
    expect(center?.[0]).toBeCloseTo(7.5, 3);
    expect(center?.[1]).toBeCloseTo(44.5, 3);
  });
});
