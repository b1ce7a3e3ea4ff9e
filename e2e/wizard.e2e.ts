import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuilding } from './api.ts';
import { newContext, pagePerTest } from './browser.ts';
import { checkViewport, waitForMapIdle } from './map.ts';
import { pageFetch, signIn, styleIdsByName } from './session.ts';

// A signed-in user adds a building through the Create Building wizard (manual entry, two real
// images), then tries to add it again; a visitor is asked to log in; feedback is sent. The test
// building sits in the South Pacific, away from the seeded ones, and is deleted at the end.

let browser: Browser;
let page: Page;
let imageDir: string;
let images: string[];
let styleName: string;

const rand = () => crypto.randomBytes(3).toString('hex');
const handle = `wizard_${rand()}`;
const buildingName = `Wizard Hall ${rand()}`;
const lng = -150.25 + Math.round(Math.random() * 1000) / 10_000;
const lat = -40.5;
const made: number[] = [];

pagePerTest({ colorScheme: 'light' }, (opened) => ({ browser, page } = opened));

beforeAll(async () => {
  const styles = [...(await styleIdsByName()).keys()];
  const first = styles[0];
  if (!first) throw new Error('No styles seeded');
  styleName = first;
  imageDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-wizard-'));
  const front = path.join(imageDir, 'front.jpg');
  const plan = path.join(imageDir, 'plan.png');
  const canvas = (r: number, g: number, b: number) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } });
  await canvas(180, 90, 40).jpeg().toFile(front);
  await canvas(40, 90, 180).png().toFile(plan);
  images = [front, plan];
});

afterAll(async () => {
  if (made.length && browser) {
    const cleanup = await newContext(browser);
    const p = await cleanup.newPage();
    await p.goto('/gallery/1');
    await signIn(p, handle);
    for (const id of made) await pageFetch(p, 'DELETE', `/api/buildings/${id}`);
    await cleanup.close();
  }
  if (imageDir) await fs.promises.rm(imageDir, { recursive: true, force: true });
});

const wizard = (p: Page) => p.getByRole('dialog', { name: 'Add New Building' });
const button = (p: Page, name: string) => wizard(p).getByRole('button', { name, exact: true });

/** Opens the wizard and walks it to the images step with the test building's data. */
async function fillWizard(p: Page, files: string[]): Promise<void> {
  await p.getByRole('button', { name: 'Add New Building' }).click();
  const w = wizard(p);
  await w.getByText('1 of 4').waitFor();
  // No place search is set up on the test server: manual entry is selected.
  await w
    .getByText('Place search is not set up on this site, so please enter the location manually.')
    .waitFor();
  await w.getByRole('textbox', { name: 'Name' }).fill(buildingName);
  // A pasted 'lat, lng' fills both boxes (product §5).
  await w.getByRole('textbox', { name: 'Latitude' }).fill(`${lat}, ${lng}`);
  expect(await w.getByRole('textbox', { name: 'Longitude' }).inputValue()).toBe(String(lng));
  await w.locator('[data-preview-state="located"]').waitFor();
  await button(p, 'Next').click();

  await w.getByText('2 of 4').waitFor();
  await w.getByText('Please enter the address information').waitFor();
  await w.getByRole('textbox', { name: 'Address line 1' }).fill('1 Wizard Way');
  await w.getByRole('textbox', { name: 'City' }).fill('Testville');
  expect(await w.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('United States of America');
  await button(p, 'Next').click();

  await w.getByText('Tell us more about it').waitFor();
  await w.getByRole('textbox', { name: 'Year built' }).fill('1931');
  const styles = w.getByRole('combobox', { name: 'Architectural styles' });
  await styles.click();
  await styles.fill(styleName);
  await p.getByRole('option', { name: styleName, exact: true }).click();
  await button(p, 'Next').click();

  await w.getByText('Add some images... at least one!').waitFor();
  await w.locator('input[type="file"]').setInputFiles(files);
  for (const [index, file] of files.entries()) {
    const item = w.getByRole('listitem', { name: `Image ${index + 1}: ${path.basename(file)}` });
    await item.getByRole('combobox', { name: 'Type' }).click();
    await p.getByRole('option', { name: index === 0 ? 'Exterior' : 'Plans', exact: true }).click();
  }
}

describe('Create Building wizard (product §2, 4, 5, 7, 8)', () => {
  it("asks a visitor to log in: 'Login to Add Building'", async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add New Building' }).click();
    const modal = page.getByRole('dialog', { name: 'Login to Add Building' });
    await modal.getByText('You need to be logged in to add a building.').waitFor();
    expect(await wizard(page).count()).toBe(0);
  });

  it('a signed-in user adds a building with two images, lands on its page and sees it on the map', async () => {
    await page.goto('/');
    await signIn(page, handle);
    await fillWizard(page, images);
    const item = wizard(page).getByRole('listitem', { name: 'Image 1: front.jpg' });
    await item.getByRole('textbox', { name: 'Capture year' }).pressSequentially('19a99x9');
    expect(await item.getByRole('textbox', { name: 'Capture year' }).inputValue()).toBe('1999');

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/buildings/') && r.request().method() === 'POST',
    );
    await button(page, 'Create Building').click();
    // Product §7: the button shows the upload's progress (each poll waits 2 s, so this text stays).
    await wizard(page)
      .getByRole('button', { name: /^Processing thumbnails\.\.\. \(\d\/2 complete\)$/ })
      .waitFor({ timeout: 30_000 });
    const answer = await created;
    expect(answer.status()).toBe(201);
    const { building } = (await answer.json()) as { building: { id: number } };
    made.push(building.id);

    await page.waitForURL(`**/buildings/${building.id}`, { timeout: 60_000 });
    await wizard(page).waitFor({ state: 'hidden' });
    const panel = page.getByRole('complementary', { name: 'Building' });
    await panel.getByRole('heading', { name: buildingName }).waitFor();

    const saved = await getBuilding(building.id);
    expect(saved).toMatchObject({
      name: buildingName,
      coordinates: [lng, lat],
      year_built: 1931,
      year_demolished: null,
      description: null,
      place_id: null,
      address: { line1: '1 Wizard Way', line2: null, city: 'Testville', state: null, country_code: 'US' },
    });
    expect(saved.architectural_styles.map((s) => s.name)).toEqual([styleName]);
    expect(saved.image_count).toBe(2);

    await waitForMapIdle(page);
    await expect
      .poll(async () => (await checkViewport(page, [{ id: building.id, lng, lat }], 12)).rendered, {
        timeout: 30_000,
      })
      .toContain(building.id);
  });

  it('preselects the country of London coordinates; a country the user picks stays', async () => {
    await page.goto('/');
    await signIn(page, handle);
    await page.getByRole('button', { name: 'Add New Building' }).click();
    const w = wizard(page);
    await w.getByText('1 of 4').waitFor();
    await w.getByRole('textbox', { name: 'Name' }).fill(`Westminster ${rand()}`);
    const asked = page.waitForResponse((r) => r.url().includes('/api/places/country?'));
    await w.getByRole('textbox', { name: 'Latitude' }).fill('51.5007, -0.1246');
    const answer = await asked;
    expect(answer.url()).toContain('/api/places/country?lng=-0.1246&lat=51.5007');
    expect(await answer.json()).toEqual({ country_code: 'GB' });
    await button(page, 'Next').click();

    await w.getByText('2 of 4').waitFor();
    const country = w.getByRole('combobox', { name: 'Country' });
    expect(await country.inputValue()).toBe('United Kingdom');
    await w.getByText('From the coordinates').waitFor();

    // The user can still change it, and new coordinates then leave it alone.
    await country.click();
    await country.fill('Irel');
    await page.getByRole('option', { name: 'Ireland', exact: true }).click();
    expect(await country.inputValue()).toBe('Ireland');
    await button(page, 'Previous').click();
    await w.getByRole('textbox', { name: 'Latitude' }).fill('48.8584, 2.2945');
    await button(page, 'Next').click();
    await w.getByText('2 of 4').waitFor();
    // Longer than the lookup's debounce: nothing may change it now.
    await page.waitForTimeout(1000);
    expect(await country.inputValue()).toBe('Ireland');
  });

  it('adding it again at the same place alerts and goes to the first building', async () => {
    const first = made[0];
    if (first === undefined) throw new Error('The first journey made no building');
    await page.goto('/');
    await signIn(page, handle);
    await fillWizard(page, images.slice(0, 1));

    const alerted = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await button(page, 'Create Building').click();
    expect(await alerted).toBe(
      'A building at this location already exists. Redirecting you to that building.',
    );
    await page.waitForURL(`**/buildings/${first}`);
    await page
      .getByRole('complementary', { name: 'Building' })
      .getByRole('heading', { name: buildingName })
      .waitFor();
  });
});

describe('Feedback (product §2, 4, 5)', () => {
  it('sends feedback: the POST answers 201 and the thank-you shows, then the modal closes', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Feedback' }).click();
    const modal = page.getByRole('dialog', { name: 'Send Feedback' });
    await modal.getByRole('button', { name: 'Send Feedback' }).click();
    await modal.getByText('Title is required').waitFor();
    await modal.getByText('Description is required').waitFor();
    await modal.getByRole('textbox', { name: 'Title' }).fill(`Wizard journey ${rand()}`);
    await modal.getByRole('textbox', { name: 'Description' }).fill('Sent by the end-to-end test.');
    expect(await modal.getByText('Title is required').count()).toBe(0);

    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST',
    );
    await modal.getByRole('button', { name: 'Send Feedback' }).click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const body = answer.request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'general', page_url: expect.stringMatching(/\/$/) as unknown });
    expect(typeof body.browser_info).toBe('string');
    await modal.getByText('Thank you for your feedback!').waitFor();
    await modal.getByText('We appreciate your input and will review it soon.').waitFor();
    await modal.waitFor({ state: 'hidden', timeout: 5000 });
  });
});
