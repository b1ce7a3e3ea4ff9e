/**
 * Architects governed end to end: a user adds two buildings whose architects are one person under
 * two spellings; the demo moderator opens the duplicate's page, merges it into the other with
 * 'Merge into…' (search, pick, confirm) and lands on the one that stays, which now lists both
 * buildings; a visitor opening the old address lands there too (301).
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingDetail } from '#domain/building-detail';
import { getJson } from './api.ts';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { buildingPayload, pageFetch, signIn, styleIdsByName } from './session.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
const rand = () => crypto.randomBytes(3).toString('hex');
const tag = rand();
const keep = `Zeta Keeper ${tag}`;
const duplicate = `Zeta Twin ${tag}`;
// Far from the seeded buildings and from other files' test buildings.
/** The architect that stays, for the later test. */
let keptId = 0;
const spot: [number, number] = [100 + Math.random() * 5, -70 - Math.random() * 3];

async function openPage(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  // axe comes in as an injected script, which the app's CSP would refuse.
  const context = await newContext(browser, { colorScheme, bypassCSP: true });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(handle: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await openPage(colorScheme);
  await page.goto('/about');
  await signIn(page, handle);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('architects governed by moderators', () => {
  it('a moderator merges a duplicate architect; its old page lands on the one that stays', async () => {
    const user = await signedIn(`arch_${rand()}`);
    const [styleId] = [...(await styleIdsByName()).values()];
    const ids: number[] = [];
    for (const [i, architect] of [keep, duplicate].entries()) {
      const answer = await pageFetch(user, 'POST', '/api/buildings/', {
        ...buildingPayload({
          name: `Twin house ${tag} ${i}`,
          coordinates: [spot[0] + i * 0.01, spot[1]],
          year_built: 1900 + i,
          architectural_styles: [styleId!],
        }),
        architects: [architect],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push((answer.body as { building: { id: number } }).building.id);
    }
    const architectOf = async (id: number) =>
      (await getJson<BuildingDetail>(`/api/buildings/${id}`)).architects[0]!;
    const kept = await architectOf(ids[0]!);
    keptId = kept.id;
    const twin = await architectOf(ids[1]!);
    expect([kept.name, twin.name]).toEqual([keep, duplicate]);

    const moderator = await signedIn('demo_moderator');
    await moderator.goto(`/architects/${twin.id}`);
    await moderator.getByRole('heading', { name: duplicate }).waitFor();
    await moderator.getByRole('button', { name: 'Merge into…' }).click();
    const dialog = moderator.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Find the architect to keep' }).fill(keep);
    await dialog.getByRole('radio', { name: keep }).check();
    await expectAccessible(moderator, 'merge dialog (light)');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(`Merge ${duplicate} into ${keep}?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await moderator.waitForURL(`**/architects/${kept.id}`);
    await moderator.getByRole('heading', { name: keep }).waitFor();
    await moderator.getByText('2 buildings in the atlas').waitFor();

    const visitor = await openPage();
    await visitor.goto(`/architects/${twin.id}`);
    await visitor.waitForURL(`**/architects/${kept.id}`);
    await visitor.getByRole('heading', { name: keep }).waitFor();
    expect((await architectOf(ids[1]!)).id).toBe(kept.id);
  });

  it("a moderator's 'Edit name' and 'Merge into…' dialogs are axe clean in the dark scheme", async () => {
    const moderator = await signedIn('demo_moderator', 'dark');
    await moderator.goto(`/architects/${keptId}`);
    await moderator.getByRole('heading', { name: keep }).waitFor();
    for (const action of ['Edit name', 'Merge into…']) {
      await moderator.getByRole('button', { name: action }).click();
      const dialog = moderator.getByRole('dialog');
      await dialog.waitFor();
      await expectAccessible(moderator, `${action} (dark)`);
      await moderator.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });
});
