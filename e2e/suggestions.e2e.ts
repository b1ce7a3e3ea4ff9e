/**
 * Everyone can improve a building, end to end: a user suggests an edit to a seeded building (owned
 * by the catalogue account) from its panel with the edit form; the demo moderator finds it under
 * Suggestions and accepts it; the History shows the change and who suggested it, and the suggester
 * sees the outcome on their own page. The suggestions and history dialogs are axe clean in both
 * schemes. The seeded building gets its description back at the end (other files share it).
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingDetail } from '#domain/building-detail';
import { getBuilding, getSeededBuildings } from './api.ts';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signIn } from './session.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
let seeded: BuildingDetail;
let moderator: Page;
const rand = () => crypto.randomBytes(3).toString('hex');
const suggester = `suggester_${rand()}`;
const corrected = `Corrected by a visitor of the atlas ${rand()}`;

const panel = (p: Page) => p.getByRole('complementary', { name: 'Building' });

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
  // A seeded building from the middle of the catalogue: other files take the first or last ones.
  const { features } = await getSeededBuildings();
  const pick = features[Math.floor(features.length / 2)];
  if (!pick) throw new Error('No seeded buildings');
  seeded = await getBuilding(pick.properties.id);
  moderator = await signedIn('demo_moderator');
});

afterAll(async () => {
  // The seeded building as it was: the moderator may edit any building.
  if (seeded && moderator) {
    const current = await getBuilding(seeded.id);
    if (current.description !== seeded.description) {
      await pageFetch(moderator, 'PUT', `/api/buildings/${seeded.id}`, {
        id: seeded.id,
        name: current.name,
        place_id: current.place_id,
        year_built: current.year_built,
        year_demolished: current.year_demolished,
        description: seeded.description,
        coordinates: current.coordinates,
        architectural_styles: current.architectural_styles.map((s) => s.id),
        architects: current.architects.map((a) => a.name),
      });
    }
  }
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('suggesting an edit to a seeded building', () => {
  it('a user suggests it, the moderator accepts it, and the history shows the change and the suggester', async () => {
    expect(seeded.added_by?.handle).not.toBe(suggester);
    const user = await signedIn(suggester);
    await user.goto(`/buildings/${seeded.id}`);
    await panel(user).getByRole('heading', { name: seeded.name }).waitFor();
    // Not theirs: no Edit, but Suggest an edit with the same form.
    expect(await panel(user).getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    await panel(user).getByRole('button', { name: 'Suggest an edit' }).click();
    const form = user.getByRole('form', { name: 'Suggest an edit' });
    await form.getByRole('textbox', { name: 'Description' }).waitFor();
    await expectAccessible(user, 'suggest an edit (light)');
    await form.getByRole('textbox', { name: 'Description' }).fill(corrected);
    await form.getByRole('textbox', { name: /Note to the reviewers/ }).fill('From the plaque at the door');
    await form.getByRole('button', { name: 'Send suggestion' }).click();
    await user.getByText("Thank you! Your suggestion was sent to the building's reviewers.").waitFor();
    await form.waitFor({ state: 'detached' });
    // Nothing changes before a reviewer accepts it.
    expect((await getBuilding(seeded.id)).description).toBe(seeded.description);

    await moderator.goto(`/buildings/${seeded.id}`);
    await panel(moderator).getByRole('heading', { name: seeded.name }).waitFor();
    await panel(moderator)
      .getByRole('button', { name: /^Suggestions \(\d+ pending\)$/ })
      .click();
    const review = moderator.getByRole('dialog', { name: 'Suggested edits' });
    const item = review.getByTestId('suggestion').filter({ hasText: suggester });
    await item.getByText(corrected).waitFor();
    await item.getByText('“From the plaque at the door”').waitFor();
    await expectAccessible(moderator, 'pending suggestions (light)');
    await item.getByRole('button', { name: `Accept the suggestion by ${suggester}` }).click();
    const confirm = moderator.getByRole('dialog', { name: 'Accept suggestion' });
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    await moderator.getByText('Suggestion accepted.').waitFor();
    await item.waitFor({ state: 'detached' });
    await review.getByRole('button', { name: 'Close' }).click();
    await review.waitFor({ state: 'detached' });

    // The panel shows the new description; the History the change and its suggester.
    await panel(moderator).getByText(corrected).waitFor();
    await panel(moderator).getByRole('button', { name: 'History' }).click();
    const history = moderator.getByRole('dialog', { name: 'History' });
    const latest = history.getByTestId('revision').first();
    await latest.getByText('Suggestion accepted').waitFor();
    await latest.getByText(suggester).waitFor();
    await latest.getByText(corrected).waitFor();
    await expectAccessible(moderator, 'history (light)');

    // The suggester sees the outcome on their own page.
    await user.goto(`/user/${suggester}/lists`);
    const mine = user.getByTestId('my-suggestion').filter({ hasText: seeded.name });
    await mine.getByText('Accepted', { exact: true }).waitFor();
    await mine.getByText(/accepted by demo_moderator/).waitFor();
    await expectAccessible(user, 'my suggestions (light)');
  });

  it('the history and suggestions dialogs are axe clean in the dark scheme', async () => {
    const page = await signedIn('demo_moderator', 'dark');
    await page.goto(`/buildings/${seeded.id}`);
    await panel(page).getByRole('heading', { name: seeded.name }).waitFor();
    await panel(page).getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await history.getByTestId('revision').first().waitFor();
    await expectAccessible(page, 'history (dark)');
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });
    await panel(page)
      .getByRole('button', { name: /^Suggestions/ })
      .click();
    const review = page.getByRole('dialog', { name: 'Suggested edits' });
    await review
      .getByText('No pending suggestions.')
      .or(review.getByTestId('suggestion').first())
      .first()
      .waitFor();
    await expectAccessible(page, 'suggestions (dark)');
  });

  it("the 'Suggest an edit' form and the suggester's own list are axe clean in the dark scheme", async () => {
    const page = await signedIn(suggester, 'dark');
    await page.goto(`/buildings/${seeded.id}`);
    await panel(page).getByRole('heading', { name: seeded.name }).waitFor();
    await panel(page).getByRole('button', { name: 'Suggest an edit' }).click();
    const form = page.getByRole('form', { name: 'Suggest an edit' });
    await form.getByRole('textbox', { name: 'Description' }).waitFor();
    await expectAccessible(page, 'suggest an edit (dark)');
    await page.goto(`/user/${suggester}/lists`);
    await page.getByTestId('my-suggestion').first().waitFor();
    await expectAccessible(page, 'my suggestions (dark)');
  });
});
