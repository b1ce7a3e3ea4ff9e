/**
 * Moderation end to end: a user reports a building from its flag button; the demo moderator hides
 * it from the /moderation queue; a visitor then finds it neither in the map's list nor in search,
 * and its page is gone, while its owner sees it marked 'Hidden by moderators'. The moderation
 * screen is axe clean in both schemes and fits a 390 px phone.
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingList } from '#domain/building-list';
import { getJson } from './api.ts';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { createBuilding, signIn, styleIdsByName, pageFetch } from './session.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let buildingId: number | undefined;
const rand = () => crypto.randomBytes(3).toString('hex');
const name = `Pill shop hall ${rand()}`;
const ownerHandle = `owner_${rand()}`;
// Far from the seeded buildings and from other files' test buildings.
const spot: [number, number] = [-120 - Math.random() * 5, -60 - Math.random() * 3];
const box = { west: spot[0] - 0.5, east: spot[0] + 0.5, south: spot[1] - 0.5, north: spot[1] + 0.5 };

const panel = (p: Page) => p.getByRole('complementary', { name: 'Building' });

async function openPage(options: { colorScheme?: 'light' | 'dark'; phone?: boolean } = {}): Promise<Page> {
  // axe comes in as an injected script, which the app's CSP would refuse.
  const context = await newContext(browser, {
    colorScheme: options.colorScheme ?? 'light',
    bypassCSP: true,
    ...(options.phone ? { viewport: { width: 390, height: 844 } } : {}),
  });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(handle: string, options: Parameters<typeof openPage>[0] = {}): Promise<Page> {
  const page = await openPage(options);
  await page.goto('/about');
  await signIn(page, handle);
  return page;
}

/** The ids of the visitor's card list for the building's neighbourhood (the map's list). */
async function listedIds(): Promise<number[]> {
  const query = new URLSearchParams(Object.entries(box).map(([k, v]) => [k, String(v)]));
  const list = await getJson<BuildingList>(`/api/buildings/?${query.toString()}`);
  return list.items.map((b) => b.id);
}

/** Types the name into the navigation bar's search and answers whether the building is offered. */
async function searchOffers(page: Page): Promise<boolean> {
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.click();
  await search.fill(name);
  const option = page.getByRole('option', { name: new RegExp(name) });
  await option.or(page.getByText('Nothing found')).first().waitFor();
  return (await option.count()) > 0;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signedIn(ownerHandle);
  const style = [...(await styleIdsByName()).values()][0];
  if (style === undefined) throw new Error('No styles seeded');
  buildingId = await createBuilding(owner, {
    name,
    coordinates: spot,
    year_built: 1990,
    architectural_styles: [style],
  });
});

afterAll(async () => {
  if (buildingId && owner) await pageFetch(owner, 'DELETE', `/api/buildings/${buildingId}`);
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('reporting and hiding a building', () => {
  it('a reported building hidden by the moderator is gone for visitors, and marked for its owner', async () => {
    const id = buildingId!;
    const visitor = await openPage();
    await visitor.goto('/about');
    expect(await listedIds()).toContain(id);
    expect(await searchOffers(visitor)).toBe(true);

    const reporter = await signedIn(`reporter_${rand()}`);
    await reporter.goto(`/buildings/${id}`);
    await panel(reporter).getByRole('heading', { name }).waitFor();
    await panel(reporter).getByRole('button', { name: 'Flag building' }).click();
    const report = reporter.getByRole('dialog', { name: 'Report' });
    await report.getByRole('radio', { name: 'Spam or advertising' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.getByText('Thank you. The moderators will take a look.').waitFor();

    const moderator = await signedIn('demo_moderator');
    await moderator.getByRole('button', { name: 'demo_moderator', exact: true }).click();
    await moderator.getByRole('menuitem', { name: 'Moderation' }).click();
    await moderator.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
    const row = moderator.getByRole('article', { name: `Building: ${name}` });
    await row.getByText('Spam or advertising').waitFor();
    await row.getByRole('button', { name: `Hide Building: ${name}` }).click();
    const confirm = moderator.getByRole('dialog', { name: 'Hide this content?' });
    await confirm.getByRole('textbox', { name: /Note for the log/ }).fill('Advertising');
    await confirm.getByRole('button', { name: 'Hide', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await moderator.getByRole('tab', { name: 'Log' }).click();
    await moderator
      .getByText(new RegExp(`demo_moderator hid building ${id}$`))
      .first()
      .waitFor();

    // The visitor: not in the map's list, not in search, no page.
    expect(await listedIds()).not.toContain(id);
    await visitor.goto('/about');
    expect(await searchOffers(visitor)).toBe(false);
    await visitor.goto(`/buildings/${id}`);
    await panel(visitor).getByText('Building not found').waitFor();

    // The owner still sees it, and why nobody else does.
    await owner.goto(`/buildings/${id}`);
    await panel(owner).getByRole('heading', { name }).waitFor();
    await panel(owner).getByText('Hidden by moderators').waitFor();
  });
});

describe('the moderation screen', () => {
  beforeAll(async () => {
    const reporter = await signedIn(`reporter_${rand()}`);
    const ownerId = (await getJson<{ id: number }>(`/api/users/${ownerHandle}`)).id;
    const report = { target_type: 'user', target_id: ownerId, reason: 'other', note: 'Checks the screen' };
    expect((await pageFetch(reporter, 'POST', '/api/reports', report)).status).toBe(201);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`is axe clean in the ${colorScheme} scheme (queue, log, user actions)`, async () => {
      const page = await signedIn('demo_moderator', { colorScheme });
      await page.goto('/moderation');
      await page.getByRole('tab', { name: 'Open reports' }).waitFor();
      // A row to check: the owner, reported in this block's beforeAll.
      await page.getByRole('article', { name: `User: ${ownerHandle}` }).waitFor();
      await expectAccessible(page, `moderation queue (${colorScheme})`);
      await page.getByRole('tab', { name: 'Log' }).click();
      await page.getByRole('button', { name: 'Older' }).waitFor();
      await expectAccessible(page, `moderation log (${colorScheme})`);
      await page.getByRole('tab', { name: 'Users' }).click();
      await page.getByRole('textbox', { name: /User handle/ }).waitFor();
      await expectAccessible(page, `moderation user actions (${colorScheme})`);
    });
  }

  it('fits a 390 px phone without sideways scrolling; a plain user is told it is not for them', async () => {
    const phone = await signedIn('demo_moderator', { phone: true });
    await phone.goto('/moderation');
    await phone.getByRole('tab', { name: 'Open reports' }).waitFor();
    await phone.getByRole('tab', { name: 'Log' }).click();
    await phone.getByRole('button', { name: 'Older' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const user = await signedIn(`plain_${rand()}`);
    await user.goto('/moderation');
    await user.getByText('Only moderators and admins can see this page.').waitFor();
  });
});
