import crypto from 'node:crypto';
import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { createBuilding, pageFetch, signInWithOwnBuilding, styleIdsByName } from './session.ts';

// A fresh user keeps four buildings of theirs (on one parallel in the South Atlantic, far from the
// seeded ones) in a private list, added out of walking order. The list's walking tour numbers the
// stops on a map in walking order from the chosen start, and its GPX download parses with a GPX
// library to the same stops. Everything made here is deleted at the end.

let browser: Browser;
let context: BrowserContext;
let page: Page;
const buildingIds: number[] = [];
let listId: number;

const rand = () => crypto.randomBytes(3).toString('hex');
const owner = `walker_${rand()}`;
const listName = `Harbour walk ${rand()}`;
/** West to east, with uneven gaps so no two distances tie. */
const stops = ['West gate', 'Old customs', 'Lighthouse', 'East pier'].map((n) => `${n} ${rand()}`);
const baseLng = -28 - Math.random() * 2;
const lat = -52 - Math.random() * 2;
const offsets = [0, 0.01, 0.025, 0.045];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { colorScheme: 'light' });
  page = await context.newPage();
  buildingIds.push(
    await signInWithOwnBuilding(page, owner, {
      name: stops[0]!,
      coordinates: [baseLng + offsets[0]!, lat],
      year_built: 1900,
    }),
  );
  const style = [...(await styleIdsByName()).values()][0]!;
  for (let i = 1; i < stops.length; i++) {
    buildingIds.push(
      await createBuilding(page, {
        name: stops[i]!,
        coordinates: [baseLng + offsets[i]!, lat],
        year_built: 1900 + i,
        architectural_styles: [style],
      }),
    );
  }
  const list = await pageFetch(page, 'POST', '/api/lists/', { name: listName, is_public: false });
  listId = (list.body as { id: number }).id;
  // Added Lighthouse, West gate, East pier, Old customs: the walk starts at the Lighthouse.
  for (const i of [2, 0, 3, 1]) {
    const added = await pageFetch(page, 'POST', `/api/lists/${listId}/buildings`, {
      buildingId: buildingIds[i],
    });
    expect(added.status).toBe(200);
  }
});

afterAll(async () => {
  if (page) {
    if (listId) await pageFetch(page, 'DELETE', `/api/lists/${listId}`);
    for (const id of buildingIds) await pageFetch(page, 'DELETE', `/api/buildings/${id}`);
  }
  await context?.close();
  await browser?.close();
});

async function openTour() {
  await page.goto(`/user/${owner}/lists`);
  const card = page.getByRole('article', { name: `List ${listName}` });
  await card.getByRole('button', { name: `Walking tour of ${listName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Walking tour: ${listName}` });
  await dialog.getByRole('list', { name: 'Stops in walking order' }).waitFor();
  return dialog;
}

/** The stops' names in the dialog's list, and the numbers and names of the map's markers. */
async function shownStops(dialog: ReturnType<Page['getByRole']>) {
  const listed = await dialog
    .getByRole('list', { name: 'Stops in walking order' })
    .getByRole('link')
    .allTextContents();
  const markers = await dialog
    .getByRole('region', { name: 'Map of the walking tour' })
    .locator('[data-stop]')
    .evaluateAll((els) => els.map((el) => [el.textContent, el.getAttribute('aria-label')]));
  return { listed, markers };
}

const named = (indexes: number[]) => indexes.map((i) => stops[i]!);

describe('walking tour', () => {
  it("shows a list's route as numbered stops on a map with its total distance, from a chosen start", async () => {
    const dialog = await openTour();
    // From the Lighthouse the nearest is Old customs, then West gate, then East pier.
    const expected = named([2, 1, 0, 3]);
    await expect.poll(async () => (await shownStops(dialog)).markers.length).toBe(4);
    const { listed, markers } = await shownStops(dialog);
    expect(listed).toEqual(expected);
    expect(markers).toEqual(expected.map((name, i) => [String(i + 1), `Stop ${i + 1}: ${name}`]));
    expect(await dialog.getByTestId('walking-tour-total').textContent()).toMatch(
      /^Total distance: \d+(\.\d)? km$/,
    );

    await dialog.getByRole('combobox', { name: 'Start from' }).click();
    await page.getByRole('option', { name: stops[0]!, exact: true }).click();
    const fromWest = named([0, 1, 2, 3]);
    await expect.poll(async () => (await shownStops(dialog)).listed).toEqual(fromWest);
    await expect
      .poll(async () => (await shownStops(dialog)).markers.map(([, label]) => label))
      .toEqual(fromWest.map((name, i) => `Stop ${i + 1}: ${name}`));
  });

  it('downloads the route as GPX that a GPX library reads to the same stops, in order', async () => {
    const dialog = await openTour();
    const listed = await dialog
      .getByRole('list', { name: 'Stops in walking order' })
      .getByRole('link')
      .allTextContents();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download GPX' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^atlas-of-buildings-list-${listId}-\\d{4}-\\d{2}-\\d{2}\\.gpx$`),
    );
    const parts: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) parts.push(chunk as Buffer);
    const text = Buffer.concat(parts).toString('utf8');
    const doc = new DOMParser({
      onError: (level, message) => {
        throw new Error(`GPX is not well-formed XML (${level}): ${message}`);
      },
    }).parseFromString(text, 'application/xml');
    expect(doc.documentElement?.namespaceURI).toBe('http://www.topografix.com/GPX/1/1');
    // Only names and geometry types are read: typed locally (the linter does not resolve the
    // library's GeoJSON types).
    const { features } = gpx(doc) as unknown as {
      features: { geometry: { type: string } | null; properties: { name?: string } }[];
    };
    const waypoints = features.filter((f) => f.geometry?.type === 'Point').map((f) => f.properties.name);
    expect(waypoints).toEqual(listed);
    const tracks = features.filter((f) => f.geometry?.type === 'LineString');
    expect(tracks.map((t) => t.properties.name)).toEqual([listName]);
  });

  it("keeps a private list's route and GPX from anyone else", async () => {
    const visitor = await (await newContext(browser, { colorScheme: 'light' })).newPage();
    try {
      await visitor.goto('/about');
      expect((await pageFetch(visitor, 'GET', `/api/lists/${listId}/route`)).status).toBe(404);
      expect((await pageFetch(visitor, 'GET', `/api/lists/${listId}/export?format=gpx`)).status).toBe(404);
    } finally {
      await visitor.context().close();
    }
  });
});
