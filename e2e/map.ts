import type { Page } from 'playwright-core';

/**
 * Waits for the explore map's test hook: loaded, buildings data set, and an 'idle' since. The map
 * starts at the visitor's first input or once the page has been quiet for 3 s
 * (web/src/lib/use-map-start.ts): a mouse moving over the page (a pointermove, sent without
 * moving Playwright's mouse, so nothing gets hovered) starts it at once, as a visitor would.
 */
export async function waitForMapIdle(page: Page, timeout = 45_000): Promise<void> {
  await page.evaluate(() => dispatchEvent(new PointerEvent('pointermove')));
  await page.locator('.maplibregl-canvas').waitFor({ state: 'visible', timeout });
  await page.waitForFunction(
    () => window.__atlasMapIdle === true && window.__atlasMap?.loaded() === true,
    null,
    {
      timeout,
    },
  );
}

/** Resolves on the map's next 'idle' (after a repaint), e.g. once a paint change is drawn. */
export async function waitForNextIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__atlasMap;
        if (!map) throw new Error('The map is not on the page');
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );
}

export async function markerColor(page: Page): Promise<unknown> {
  return page.evaluate(() => window.__atlasMap?.getPaintProperty('buildings', 'circle-color'));
}

export interface PlacedBuilding {
  id: number;
  lng: number;
  lat: number;
}

export interface ViewportCheck {
  /** Buildings whose point lies inside map.getBounds(). */
  inBounds: number[];
  /** Buildings within a marker radius of the canvas edge: drawn or not depending on rounding. */
  atEdge: number[];
  /** Unique building ids of the features rendered in the 'buildings' layer. */
  rendered: number[];
  /** Canvas pixel of every building in bounds, to click on. */
  pixels: Record<number, { x: number; y: number }>;
}

/** Compares the seeded buildings with what the map draws in its current viewport. */
export function checkViewport(
  page: Page,
  buildings: PlacedBuilding[],
  edgePx: number,
): Promise<ViewportCheck> {
  return page.evaluate(
    ({ buildings, edgePx }) => {
      const map = window.__atlasMap;
      if (!map) throw new Error('The map is not on the page');
      const bounds = map.getBounds();
      const canvas = map.getCanvas();
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      const inBounds: number[] = [];
      const atEdge: number[] = [];
      const pixels: Record<number, { x: number; y: number }> = {};
      for (const b of buildings) {
        const { x, y } = map.project([b.lng, b.lat]);
        const nearEdge =
          x > -edgePx &&
          x < width + edgePx &&
          y > -edgePx &&
          y < height + edgePx &&
          (x < edgePx || x > width - edgePx || y < edgePx || y > height - edgePx);
        if (nearEdge) atEdge.push(b.id);
        if (bounds.contains([b.lng, b.lat])) {
          inBounds.push(b.id);
          pixels[b.id] = { x, y };
        }
      }
      const rendered = new Set<number>();
      for (const feature of map.queryRenderedFeatures({ layers: ['buildings'] })) {
        rendered.add(Number(feature.properties.id));
      }
      const byNumber = (a: number, b: number) => a - b;
      return {
        inBounds: inBounds.sort(byNumber),
        atEdge: atEdge.sort(byNumber),
        rendered: [...rendered].sort(byNumber),
        pixels,
      };
    },
    { buildings, edgePx },
  );
}
