import crypto from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signInWithOwnBuilding } from './session.ts';

// The image, list and user screens in the visitor's language: a fresh user (with a building of
// their own in the Southern Ocean, far from the seeded ones) makes a list and reads their user
// page and settings in French, their buildings in Japanese and their lists in Arabic. The list
// and the building are deleted at the end.

let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let buildingId: number;

const rand = () => crypto.randomBytes(3).toString('hex');
const handle = `lang_lists_${rand()}`;
const buildingName = `Languages list hall ${rand()}`;
const listName = `Liste ${rand()}`;

async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light', ...options });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await openPage({ bypassCSP: true });
  buildingId = await signInWithOwnBuilding(owner, handle, {
    name: buildingName,
    coordinates: [70 + Math.random() * 5, -50 - Math.random() * 5],
    year_built: 1950,
  });
});

afterAll(async () => {
  if (owner) {
    const lists = await pageFetch(owner, 'GET', `/api/users/${handle}/lists`);
    for (const list of (lists.body as { items?: { id: number }[] } | null)?.items ?? []) {
      await pageFetch(owner, 'DELETE', `/api/lists/${list.id}`);
    }
    if (buildingId) await pageFetch(owner, 'DELETE', `/api/buildings/${buildingId}`);
  }
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('image, list and user screens in other languages', () => {
  it('makes a list and adds a building to it in French', async () => {
    await owner.goto(`/user/${handle}/lists?lang=fr`);
    await owner.getByRole('heading', { name: 'Listes' }).waitFor();
    await owner.getByText('Inscrit il y a quelques secondes').waitFor();
    await owner.getByText('Vous n’avez pas encore de liste.').waitFor();
    await owner.getByRole('button', { name: 'Créer la liste' }).click();
    const create = owner.getByRole('dialog', { name: 'Créer la liste' });
    await create.getByRole('textbox', { name: 'Nom de la liste' }).fill(listName);
    await create.getByRole('button', { name: 'Créer la liste' }).click();
    const card = owner.getByRole('article', { name: `Liste ${listName}` });
    await card.getByText('Aucun bâtiment dans cette liste pour l’instant.').waitFor();

    await owner.goto(`/buildings/${buildingId}?lang=fr`);
    await owner.getByRole('button', { name: 'Ajouter à une liste' }).click();
    const add = owner.getByRole('dialog', { name: 'Ajouter à une liste' });
    await add.getByRole('checkbox', { name: listName }).check();
    await add.getByRole('button', { name: 'Ajouter aux listes sélectionnées' }).click();
    await owner.getByText(`Bâtiment « ${buildingName} » ajouté à la liste « ${listName} »`).waitFor();
    // A building with no photo invites its first one.
    await owner.getByText('Aucune photo de ce bâtiment pour l’instant.').waitFor();
  });

  it('shows Settings in French, with one language menu named by its heading', async () => {
    await owner.goto(`/user/${handle}/settings?lang=fr`);
    await owner.getByRole('heading', { name: 'Paramètres de l’utilisateur' }).waitFor();
    const section = owner.getByRole('region', { name: 'Section de l’utilisateur' });
    await section.getByRole('heading', { name: 'Langue' }).waitFor();
    const menu = section.getByRole('combobox', { name: 'Langue' });
    expect(await menu.inputValue()).toBe('fr');
    // The heading names the menu: no second 'Langue' as its label.
    expect(await section.getByText('Langue', { exact: true }).count()).toBe(1);
    await section.getByRole('link', { name: 'Télécharger mes données' }).waitFor();
    await section.getByRole('button', { name: 'Supprimer mon compte' }).waitFor();
  });

  it('shows the rated buildings in Japanese and the lists in Arabic, accessibly', async () => {
    await owner.goto(`/user/${handle}/buildings?lang=ja`);
    await owner.getByRole('heading', { name: '建物' }).waitFor();
    // The segmented control's radios are hidden inputs under their visible labels.
    await owner.getByRole('radio', { name: 'いいね' }).waitFor({ state: 'attached' });
    await owner.getByText('いいねした建物はありません。').waitFor();
    await expectAccessible(owner, 'rated buildings in ja');

    await owner.goto(`/user/${handle}/lists?lang=ar`);
    expect(await owner.locator('html').getAttribute('dir')).toBe('rtl');
    await owner.getByRole('heading', { name: 'القوائم' }).waitFor();
    const card = owner.getByRole('article', { name: `القائمة ${listName}` });
    await card.getByRole('link', { name: buildingName }).waitFor();
    await card.getByRole('button', { name: `جولة سيرًا على الأقدام في ${listName}` }).waitFor();
    await expectAccessible(owner, 'lists in ar');
    // Back to English for anything after.
    await owner.goto('/?lang=en');
  });
});
