import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signInWithOwnBuilding } from './session.ts';

// The building page's own screens in the visitor's language: the panel's actions, its History,
// the edit form and the comments, a year before the common era with its era translated, and the
// Create Building wizard's address step naming the countries in French. A fresh user adds a
// building of their own (in the Southern Ocean, far from the seeded ones); it is deleted at the end.

let browser: Browser;
let context: BrowserContext;
let owner: Page;
let buildingId: number;

const rand = () => crypto.randomBytes(3).toString('hex');
const handle = `langb_${rand()}`;
const buildingName = `Ancient languages hall ${rand()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  // bypassCSP: axe is injected as a script tag (e2e/axe.ts).
  context = await newContext(browser, { colorScheme: 'light', bypassCSP: true });
  owner = await context.newPage();
  buildingId = await signInWithOwnBuilding(owner, handle, {
    name: buildingName,
    coordinates: [70 + Math.random() * 5, -52 - Math.random() * 5],
    year_built: -300,
  });
});

afterAll(async () => {
  if (buildingId && owner) await pageFetch(owner, 'DELETE', `/api/buildings/${buildingId}`);
  await context?.close();
  await browser?.close();
});

describe('the building screens in other languages', () => {
  it('shows the panel, its History, the edit form and the comments in French', async () => {
    await owner.goto(`/buildings/${buildingId}?lang=fr`);
    const panel = owner.getByRole('complementary', { name: 'Bâtiment' });
    await panel.getByRole('heading', { name: buildingName }).waitFor();
    await panel.getByText('Construit en 300 av. J.-C.').waitFor();
    await panel.getByRole('button', { name: 'Partager' }).waitFor();
    await panel.getByRole('button', { name: 'Supprimer' }).waitFor();
    await panel.getByRole('heading', { name: 'Commentaires' }).waitFor();
    await panel.getByRole('textbox', { name: 'Ajouter un commentaire' }).waitFor();
    await panel.getByText('Pas encore de commentaires.').waitFor();
    await expectAccessible(owner, 'the building panel in French');

    await panel.getByRole('button', { name: 'Historique' }).click();
    const history = owner.getByRole('dialog', { name: 'Historique' });
    await history.getByText('Ajouté', { exact: true }).waitFor();
    await history.getByText('Nom :').waitFor();
    await history.getByRole('button', { name: 'Fermer' }).click();
    await history.waitFor({ state: 'hidden' });

    await panel.getByRole('button', { name: 'Modifier' }).click();
    const edit = owner.getByRole('dialog', { name: 'Modifier le bâtiment' });
    await edit.getByRole('textbox', { name: 'Nom' }).waitFor();
    await edit.getByRole('textbox', { name: 'Description' }).waitFor();
    await edit.getByText('Facultatif : appuyez sur Entrée après chaque nom').waitFor();
    await edit.getByRole('textbox', { name: 'Année de construction' }).fill('3000');
    await edit.getByText(/^L’année de construction doit être comprise entre -10000 et \d{4}$/).waitFor();
    await edit.getByRole('button', { name: 'Annuler' }).click();
    await edit.waitFor({ state: 'hidden' });
  });

  it('writes the era in Japanese and lays the panel out right to left in Arabic', async () => {
    await owner.goto(`/buildings/${buildingId}?lang=ja`);
    await owner.getByRole('complementary', { name: '建物' }).getByText('紀元前300年建設').waitFor();
    await owner.goto(`/buildings/${buildingId}?lang=ar`);
    expect(await owner.locator('html').getAttribute('dir')).toBe('rtl');
    const panel = owner.getByRole('complementary', { name: 'المبنى' });
    await panel.getByText('بُني عام 300 ق.م').waitFor();
    await panel.getByRole('button', { name: 'السجل' }).waitFor();
  });

  it("names the wizard's countries in French and checks the address in French", async () => {
    await owner.goto('/?lang=fr');
    await owner.getByRole('button', { name: 'Ajouter un bâtiment' }).click();
    const wizard = owner.getByRole('dialog', { name: 'Ajouter un bâtiment' });
    await wizard.getByText('Saisir manuellement').click();
    await wizard.getByRole('textbox', { name: 'Nom' }).fill('Bauhaus Dessau');
    await wizard.getByRole('textbox', { name: 'Longitude' }).fill('12.2274');
    await wizard.getByRole('textbox', { name: 'Latitude' }).fill('51.8394');
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByText('Veuillez saisir l’adresse').waitFor();
    const country = wizard.getByRole('combobox', { name: 'Pays' });
    await expect.poll(() => country.inputValue(), { timeout: 10_000 }).toBe('Allemagne');
    await wizard.getByText('D’après les coordonnées').waitFor();
    await country.click();
    // The list is in French alphabetical order: 'Égypte' among the E's, before 'Espagne'.
    const options = await owner.getByRole('option').allTextContents();
    expect(options.indexOf('Égypte')).toBeGreaterThan(-1);
    expect(options.indexOf('Égypte')).toBeLessThan(options.indexOf('Espagne'));
    await owner.keyboard.press('Escape');
    await wizard.getByRole('textbox', { name: /^Ligne d’adresse 1/ }).focus();
    await wizard.getByRole('textbox', { name: 'Ville' }).focus();
    await wizard.getByText('La ligne d’adresse 1 est obligatoire').waitFor();
    owner.once('dialog', (dialog) => void dialog.accept());
    await wizard.getByRole('button', { name: 'Fermer' }).click();
    await wizard.waitFor({ state: 'hidden' });
    await owner.goto('/?lang=en');
  });
});
