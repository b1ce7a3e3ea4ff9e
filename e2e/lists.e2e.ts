import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { createBuilding, pageFetch, signIn, styleIdsByName } from './session.ts';

// Alice adds a building, keeps it in a list, votes on it; Bob looks at her page. Every name is
// fresh, and what this file created is removed at the end.

let browser: Browser;
const contexts: BrowserContext[] = [];

const rand = () => crypto.randomBytes(3).toString('hex');
const alice = `alice_${rand()}`;
const bob = `bob_${rand()}`;
const buildingName = `List Test Hall ${rand()}`;
const listName = `Favourites ${rand()}`;

let alicePage: Page;
let bobPage: Page;
let buildingId: number;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  if (alicePage && buildingId) await pageFetch(alicePage, 'DELETE', `/api/buildings/${buildingId}`);
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openPage(): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Building' });
const listsSection = (page: Page) => page.getByRole('region', { name: 'Lists' });
const listCard = (page: Page) => page.getByRole('article', { name: `List ${listName}` });

const ratingFilter = (page: Page, label: string) =>
  page.getByRole('radiogroup', { name: 'Rating' }).getByText(label, { exact: true });

async function openListsTab(page: Page, handle: string): Promise<void> {
  await page.goto(`/user/${handle}/lists`);
  await page.getByRole('heading', { name: 'Uploaded Buildings' }).waitFor();
}

async function openAddToList(page: Page) {
  await page.goto(`/buildings/${buildingId}`);
  await panel(page).getByRole('heading', { name: buildingName }).waitFor();
  await panel(page).getByRole('button', { name: 'Add to List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to List' });
  await dialog.waitFor();
  return dialog;
}

/** What a user (or a visitor) gets for alice's list through the API. */
async function listStatusFor(page: Page, listId: number): Promise<number> {
  return (await pageFetch(page, 'GET', `/api/lists/${listId}`)).status;
}

describe('lists and the user page (product §2, 4, 5, 6, 8)', () => {
  let listId: number;

  it("alice's uploaded building shows on her Lists tab; she creates a private list", async () => {
    alicePage = await openPage();
    await alicePage.goto('/');
    await signIn(alicePage, alice);
    const styles = await styleIdsByName();
    const anyStyle = [...styles.values()][0];
    buildingId = await createBuilding(alicePage, {
      name: buildingName,
      coordinates: [-30 + Math.random(), -50 + Math.random()],
      year_built: 1931,
      architectural_styles: anyStyle === undefined ? [] : [anyStyle],
    });

    await openListsTab(alicePage, alice);
    const card = alicePage.getByRole('link', { name: buildingName });
    await card.waitFor();
    expect(await card.getAttribute('href')).toBe(`/buildings/${buildingId}`);
    await listsSection(alicePage).getByText('You have no lists yet.').waitFor();

    await listsSection(alicePage).getByRole('button', { name: 'Create List' }).click();
    const dialog = alicePage.getByRole('dialog', { name: 'Create List' });
    await dialog.getByRole('textbox', { name: 'List name' }).fill(listName);
    await dialog.getByRole('button', { name: 'Create List' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await listCard(alicePage).getByText('No buildings in this list yet.').waitFor();
    expect(await listCard(alicePage).getByRole('switch', { name: 'Public' }).isChecked()).toBe(false);

    const lists = await pageFetch(alicePage, 'GET', `/api/users/${alice}/lists`);
    const items = (lists.body as { items: { id: number; name: string }[] }).items;
    const created = items.find((l) => l.name === listName);
    if (!created) throw new Error('The new list is not among alice’s lists');
    listId = created.id;
  });

  it('she adds the building from its profile; a second try shows the list disabled', async () => {
    let dialog = await openAddToList(alicePage);
    const submit = dialog.getByRole('button', { name: 'Add to selected lists' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: listName, exact: true }).check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await dialog.waitFor({ state: 'hidden' });
    await alicePage.getByText(`Building "${buildingName}" added to list "${listName}"`).waitFor();

    dialog = await openAddToList(alicePage);
    const held = dialog.getByRole('checkbox', { name: `${listName} (building is already in list)` });
    await held.waitFor();
    expect(await held.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add to selected lists' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a private list is hidden from bob; public, he sees it without controls', async () => {
    bobPage = await openPage();
    await bobPage.goto('/');
    await signIn(bobPage, bob);
    await openListsTab(bobPage, alice);
    await listsSection(bobPage).getByText('No public lists yet.').waitFor();
    expect(await listCard(bobPage).count()).toBe(0);
    expect(await listStatusFor(bobPage, listId)).toBe(404);

    await openListsTab(alicePage, alice);
    const toggle = listCard(alicePage).getByRole('switch', { name: 'Public' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => listStatusFor(bobPage, listId)).toBe(200);

    await openListsTab(bobPage, alice);
    await listCard(bobPage).getByRole('link', { name: buildingName }).waitFor();
    expect(await listCard(bobPage).getByRole('switch').count()).toBe(0);
    // No owner's control: only the Export menu and the walking tour (a public list is anyone's to
    // export and to walk).
    const labels = await listCard(bobPage)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent ?? ''));
    expect(labels).toHaveLength(2);
    expect(labels.some((label) => /^Export list /.test(label))).toBe(true);
    expect(labels.some((label) => /^Walking tour of /.test(label))).toBe(true);
    expect(await listsSection(bobPage).getByRole('button', { name: 'Create List' }).count()).toBe(0);

    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => listStatusFor(bobPage, listId)).toBe(404);
    await openListsTab(bobPage, alice);
    await listsSection(bobPage).getByText('No public lists yet.').waitFor();
  });

  it("her Buildings tab shows the building she liked; bob cannot see alice's ratings", async () => {
    await alicePage.goto(`/buildings/${buildingId}`);
    const smile = panel(alicePage)
      .getByRole('group', { name: 'Building votes' })
      .getByRole('button', { name: /^Smile, / });
    await smile.click();
    await expect.poll(() => smile.getAttribute('aria-pressed')).toBe('true');

    await alicePage.goto(`/user/${alice}/buildings`);
    await alicePage.getByRole('button', { name: 'Newest votes first' }).waitFor();
    const card = alicePage.getByRole('link', { name: buildingName });
    await card.waitFor();
    await card.getByText(/^Voted /).waitFor();

    // The segmented control's radios are visually hidden: click their labels.
    await ratingFilter(alicePage, 'Neutral').click();
    await alicePage.getByText('No neutral buildings found.').waitFor();
    expect(await alicePage.getByRole('radio', { name: 'Neutral' }).isChecked()).toBe(true);
    await ratingFilter(alicePage, 'Liked').click();
    await alicePage.getByRole('button', { name: 'Newest votes first' }).click();
    await alicePage.getByRole('button', { name: 'Oldest votes first' }).waitFor();
    await alicePage.getByRole('link', { name: buildingName }).waitFor();

    await bobPage.goto(`/user/${alice}/buildings`);
    await bobPage.getByText('Rated buildings are private: only their owner can see them.').waitFor();
  });

  it('she removes the building (confirmation, then the toast) and deletes the list', async () => {
    await openListsTab(alicePage, alice);
    await listCard(alicePage)
      .getByRole('button', { name: `Remove ${buildingName} from ${listName}` })
      .click();
    const confirm = alicePage.getByRole('dialog', { name: 'Remove building' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await alicePage.getByText(`Building "${buildingName}" removed from list "${listName}"`).waitFor();
    await listCard(alicePage).getByText('No buildings in this list yet.').waitFor();

    await listCard(alicePage)
      .getByRole('button', { name: `Delete list ${listName}` })
      .click();
    const prompt = alicePage.getByRole('dialog', { name: 'Delete list' });
    await prompt.getByText(/cannot be undone/).waitFor();
    await prompt.getByRole('button', { name: 'Delete' }).click();
    await listsSection(alicePage).getByText('You have no lists yet.').waitFor();
    expect(await listStatusFor(alicePage, listId)).toBe(404);
  });
});
