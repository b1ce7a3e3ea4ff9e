import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuilding } from './api.ts';
import { newContext, pagePerTest } from './browser.ts';
import { waitForMapIdle } from './map.ts';
import {
  buildingPayload,
  createBuilding,
  pageFetch,
  signIn,
  styleIdsByName,
  type TestBuilding,
} from './session.ts';

let browser: Browser;
let page: Page;
let styles: Map<string, number>;
/** Buildings this file made, deleted again at the end whatever happened. */
const made: number[] = [];

const suffix = () => crypto.randomBytes(3).toString('hex');

// Test buildings go to the South Pacific, far from the seeded ones and the start view that
// other files check; they are deleted in afterAll.

function testBuilding(name: string, coordinates: [number, number]): TestBuilding {
  const gothic = styles.get('Gothic');
  if (!gothic) throw new Error('No Gothic style seeded');
  return { name, coordinates, year_built: 1901, architectural_styles: [gothic] };
}

pagePerTest({ colorScheme: 'light' }, (opened) => ({ browser, page } = opened));

beforeAll(async () => {
  styles = await styleIdsByName();
});

afterAll(async () => {
  if (made.length && browser) {
    const cleanup = await newContext(browser);
    const p = await cleanup.newPage();
    await p.goto('/gallery/1');
    await signIn(p, 'demo');
    for (const id of made) await pageFetch(p, 'DELETE', `/api/buildings/${id}`);
    await cleanup.close();
  }
});

const panel = (p: Page) => p.getByRole('complementary', { name: 'Building' });

describe('building profile (product §2)', () => {
  it('shows the adder link, View Gallery, a flag that asks a visitor to log in, and no owner buttons when signed out', async () => {
    const detail = await getBuilding(1);
    await page.goto('/buildings/1');
    await panel(page).getByRole('heading', { name: detail.name }).waitFor();
    // The seeded catalogue belongs to the system account.
    expect(await panel(page).getByRole('link', { name: 'atlas' }).getAttribute('href')).toBe('/user/atlas');
    expect(await panel(page).getByRole('link', { name: 'View Gallery' }).getAttribute('href')).toBe(
      '/gallery/1',
    );
    expect(await panel(page).getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await panel(page).getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    // Reports need an account: the flag button asks a visitor to log in.
    await panel(page).getByRole('button', { name: 'Flag building' }).click();
    await page.getByRole('dialog', { name: 'Authentication Required' }).waitFor();
  });

  it('gives the demo user no way to edit or delete the seeded catalogue', async () => {
    const detail = await getBuilding(1);
    await page.goto('/gallery/1');
    await signIn(page, 'demo');
    await page.goto('/buildings/1');
    await panel(page).getByRole('heading', { name: detail.name }).waitFor();
    await panel(page).getByRole('link', { name: 'View Gallery' }).waitFor();
    expect(await panel(page).getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await panel(page).getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    const body = {
      ...buildingPayload(testBuilding('Defaced', detail.coordinates)),
      id: 1,
    };
    expect((await pageFetch(page, 'PUT', '/api/buildings/1', body)).status).toBe(403);
    expect((await pageFetch(page, 'DELETE', '/api/buildings/1')).status).toBe(403);
    expect((await getBuilding(1)).name).toBe(detail.name);
  });
});

describe('reporting a building', () => {
  it('a signed-in user reports it from the flag button; the moderators find it in their queue', async () => {
    const reporter = `reporter_${suffix()}`;
    const detail = await getBuilding(1);
    await page.goto('/gallery/1');
    await signIn(page, reporter);
    await page.goto('/buildings/1');
    await panel(page).getByRole('heading', { name: detail.name }).waitFor();
    await panel(page).getByRole('button', { name: 'Flag building' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report' });
    await dialog.getByRole('radio', { name: 'Incorrect information' }).check();
    await dialog.getByRole('textbox', { name: /Note/ }).fill('Wrong year');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thank you. The moderators will take a look.').waitFor();
    await signIn(page, 'demo_moderator');
    const queue = await pageFetch(page, 'GET', '/api/moderation/reports?status=open');
    expect(queue.status).toBe(200);
    const row = (
      queue.body as { items: { target_type: string; target_id: number; notes: string[] }[] }
    ).items.find((i) => i.target_type === 'building' && i.target_id === 1);
    expect(row?.notes).toContain('Wrong year');
  });
});

describe('editing and deleting a building (product §2, 5 and 6)', () => {
  it('lets the adder edit the building: the panel and the card show the new name', async () => {
    await page.goto('/gallery/1');
    await signIn(page, 'demo');
    const name = `E2E edit target ${suffix()}`;
    const id = await createBuilding(page, testBuilding(name, [-140.5, -50.5]));
    made.push(id);

    await page.goto(`/buildings/${id}`);
    await panel(page).getByRole('heading', { name }).waitFor();
    await waitForMapIdle(page);
    await page.locator(`[data-building-id="${id}"]`).waitFor();
    await panel(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit building' });
    const form = dialog.getByRole('form', { name: 'Edit building' });
    expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(name);

    // Product §5: the form's rules.
    const longitude = form.getByRole('textbox', { name: 'Longitude' });
    const latitude = form.getByRole('textbox', { name: 'Latitude' });
    await longitude.fill('181');
    await form.getByText('Longitude must be between -180 and 180 degrees').waitFor();
    await latitude.fill('-91');
    await form.getByText('Latitude must be between -90 and 90 degrees').waitFor();
    await latitude.fill('-50.6, -140.4'); // a pasted 'lat, lng'
    expect(await latitude.inputValue()).toBe('-50.6');
    expect(await longitude.inputValue()).toBe('-140.4');
    await longitude.fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Invalid coordinates').waitFor();
    await longitude.fill('-140.4');
    await form.getByRole('textbox', { name: 'Year demolished' }).fill('1900');
    await form.getByText('Year demolished cannot be before year built').waitFor();
    await form.getByRole('textbox', { name: 'Year demolished' }).fill('');

    const renamed = `${name} renamed`;
    await form.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await form.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await panel(page).getByRole('heading', { name: renamed }).waitFor();
    await page.locator(`[data-building-id="${id}"]`).getByText(renamed).waitFor();

    const saved = await getBuilding(id);
    expect(saved).toMatchObject({
      name: renamed,
      coordinates: [-140.4, -50.6],
      year_built: 1901,
      year_demolished: null,
    });
    expect(saved.architectural_styles.map((s) => s.name)).toEqual(['Gothic']);
    expect(saved.address.line1).toBe('1 Test Street');
  });

  it('lets the adder delete the building after confirming, and returns to /', async () => {
    await page.goto('/gallery/1');
    await signIn(page, 'demo');
    const name = `E2E delete target ${suffix()}`;
    const id = await createBuilding(page, testBuilding(name, [-141.5, -51.5]));
    made.push(id);

    await page.goto(`/buildings/${id}`);
    await panel(page).getByRole('heading', { name }).waitFor();
    await panel(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete building' });
    await dialog.getByText('Are you sure you want to delete this building?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await panel(page).waitFor({ state: 'detached' });
    const answer = await pageFetch(page, 'GET', `/api/buildings/${id}`);
    expect(answer.status).toBe(404);
    made.splice(made.indexOf(id), 1);
  });

  it('shows another user no edit button, and the API refuses their edit with 403', async () => {
    const owner = await newContext(browser);
    let id: number;
    const name = `E2E owned ${suffix()}`;
    try {
      const ownerPage = await owner.newPage();
      await ownerPage.goto('/gallery/1');
      await signIn(ownerPage, 'demo');
      id = await createBuilding(ownerPage, testBuilding(name, [-142.5, -52.5]));
      made.push(id);
    } finally {
      await owner.close();
    }

    await page.goto('/gallery/1');
    await signIn(page, `e2e_other_${suffix()}`);
    await page.goto(`/buildings/${id}`);
    await panel(page).getByRole('heading', { name }).waitFor();
    await panel(page).getByRole('link', { name: 'View Gallery' }).waitFor();
    expect(await panel(page).getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await panel(page).getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

    const body = { ...buildingPayload(testBuilding(`${name} hijacked`, [-142.5, -52.5])), id };
    expect((await pageFetch(page, 'PUT', `/api/buildings/${id}`, body)).status).toBe(403);
    expect((await pageFetch(page, 'DELETE', `/api/buildings/${id}`)).status).toBe(403);
    expect((await getBuilding(id)).name).toBe(name);
  });
});
