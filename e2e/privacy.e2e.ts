/**
 * The privacy page and 'Download my data': the About page, the login modal and the user pages'
 * footer link to /privacy; the page is accessible in both colour schemes and fits a 390 px phone
 * without sideways scrolling; Settings' 'Download my data' downloads a ZIP that opens, with the
 * user's own data.
 */
import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signInWithOwnBuilding } from './session.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
const rand = () => crypto.randomBytes(3).toString('hex');

async function openPage(options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light', ...options });
  contexts.push(context);
  return context.newPage();
}

const privacyHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Privacy' });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('links to the privacy page', () => {
  it('leads there from the About page', async () => {
    const page = await openPage();
    await page.goto('/about');
    await page.getByRole('link', { name: 'Privacy', exact: true }).click();
    await privacyHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    expect(await page.title()).toBe('Privacy – Atlas of Buildings');
  });

  it('leads there from the login modal, which closes', async () => {
    const page = await openPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Login or create an account! :)' });
    await dialog.getByRole('button', { name: 'Continue as demo user' }).waitFor();
    await dialog.getByRole('link', { name: 'Privacy' }).click();
    await privacyHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("leads there from a user page's footer", async () => {
    const page = await openPage();
    await page.goto('/user/demo/lists');
    await page.getByRole('heading', { level: 1, name: 'demo' }).waitFor();
    // The footer below the side navigation (inside the page, so not a contentinfo landmark).
    await page.locator('footer').getByRole('link', { name: 'Privacy' }).click();
    await privacyHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
  });
});

describe('the privacy page', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation in the ${colorScheme} scheme`, async () => {
      // The app's CSP forbids injected scripts; axe comes in through a CSP-bypassing context.
      const page = await openPage({ colorScheme, bypassCSP: true });
      await page.goto('/privacy');
      await privacyHeading(page).waitFor();
      await page.getByRole('heading', { name: 'Contact' }).waitFor();
      // The e2e server sets no OPERATOR_CONTACT: the page says so once GET /api/privacy answered.
      await page.getByText('has not published a contact yet', { exact: false }).waitFor();
      await expectAccessible(page, `/privacy (${colorScheme})`);
    });
  }

  it('fits a 390 px phone without sideways scrolling', async () => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/privacy');
    await privacyHeading(page).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe("Settings: 'Download my data'", () => {
  it("downloads a ZIP with the user's own data", async () => {
    const page = await openPage({ acceptDownloads: true });
    const handle = `privacy_${rand()}`;
    const name = `Private archive ${rand()}`;
    const buildingId = await signInWithOwnBuilding(page, handle, {
      name,
      coordinates: [-40 - Math.random() * 5, -30 - Math.random() * 5],
      year_built: 1990,
    });
    const list = await pageFetch(page, 'POST', '/api/lists/', { name: `Keep ${rand()}`, is_public: false });
    expect(list.status).toBe(201);

    await page.goto(`/user/${handle}/settings`);
    const link = page.getByRole('link', { name: 'Download my data' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^atlas-${handle}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    // The browser runs remotely (e2e/browser.ts): the file is read through the connection.
    const parts: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) parts.push(chunk as Buffer);
    const zip = unzipSync(new Uint8Array(Buffer.concat(parts)));
    expect(Object.keys(zip).sort()).toEqual(
      ['buildings.json', 'comments.json', 'images.json', 'lists.json', 'profile.json', 'votes.json'].sort(),
    );
    const read = <T>(file: string) => JSON.parse(strFromU8(zip[file]!)) as T;
    expect(read<{ handle: string }>('profile.json').handle).toBe(handle);
    expect(read<{ id: number; name: string }[]>('buildings.json')).toEqual([
      expect.objectContaining({ id: buildingId, name }),
    ]);
    expect(read<{ id: number }[]>('lists.json').map((l) => l.id)).toEqual([(list.body as { id: number }).id]);
  });
});
