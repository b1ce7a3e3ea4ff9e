import crypto from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signInWithOwnBuilding } from './session.ts';

// Every visitor in their own language: `?lang=` chooses and is remembered (a cookie), else the
// browser's Accept-Language; the server sends <html lang dir>, and the screens come in the
// language. A fresh user adds a building of their own (in the Southern Ocean, far from the seeded
// ones) to open its panel and gallery in French; it is deleted at the end.

let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let buildingId: number;

const rand = () => crypto.randomBytes(3).toString('hex');
const handle = `lang_${rand()}`;
const buildingName = `Languages test hall ${rand()}`;

async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light', ...options });
  contexts.push(context);
  return context.newPage();
}

const html = (page: Page) => page.locator('html');

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await openPage();
  buildingId = await signInWithOwnBuilding(owner, handle, {
    name: buildingName,
    coordinates: [60 + Math.random() * 5, -50 - Math.random() * 5],
    year_built: 1950,
  });
});

afterAll(async () => {
  if (buildingId && owner) await pageFetch(owner, 'DELETE', `/api/buildings/${buildingId}`);
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('languages', () => {
  it('/?lang=fr shows the navigation and the filters in French, and remembers the choice', async () => {
    const page = await openPage();
    const response = await page.goto('/?lang=fr');
    expect(response?.headers()['vary']).toMatch(/Accept-Language/);
    expect(await html(page).getAttribute('lang')).toBe('fr');
    expect(await html(page).getAttribute('dir')).toBe('ltr');
    const nav = page.getByRole('navigation', { name: 'Principale' });
    await nav.getByRole('link', { name: 'Explorer les bâtiments' }).waitFor();
    await nav.getByRole('link', { name: 'À propos' }).waitFor();
    const filters = page.getByRole('search', { name: 'Filtrer les bâtiments' });
    await filters.getByRole('textbox', { name: 'Année de début' }).waitFor();
    await filters.getByText('Construit entre').waitFor();
    await page.getByRole('region', { name: 'Bâtiments visibles' }).first().waitFor();
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'fr', sameSite: 'Lax', path: '/' });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // The choice survives a reload and a visit without the parameter.
    await page.reload();
    await page.getByRole('link', { name: 'Explorer les bâtiments' }).waitFor();
    await page.goto('/about');
    expect(await html(page).getAttribute('lang')).toBe('fr');
    expect(await page.title()).toBe('À propos – Atlas of Buildings');
  });

  it("shows a building's panel and its gallery in French", async () => {
    const page = await openPage();
    await page.goto(`/buildings/${buildingId}?lang=fr`);
    const panel = page.getByRole('complementary', { name: 'Bâtiment' });
    await panel.getByRole('heading', { name: buildingName }).waitFor();
    await panel.getByText('Construit en 1950').waitFor();
    await panel.getByRole('button', { name: 'Fermer le panneau du bâtiment' }).waitFor();
    await panel.getByRole('link', { name: 'Voir la galerie' }).click();

    await page.getByRole('heading', { name: 'Galerie' }).waitFor();
    await page.getByText('Pas encore d’images.').waitFor();
    await page.getByRole('link', { name: 'Voir la page du bâtiment' }).waitFor();
    await page.getByRole('button', { name: 'Envoyer des images' }).click();
    // A visitor is asked to sign in, in French too.
    const modal = page.getByRole('dialog', { name: 'Connexion requise' });
    await modal.getByText('Vous devez être connecté pour envoyer des images.').waitFor();
  });

  it('shows the login modal in French', async () => {
    const page = await openPage();
    await page.goto('/?lang=fr');
    await page.getByRole('button', { name: 'Connexion', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Connectez-vous ou créez un compte ! :)' });
    await modal.getByRole('button', { name: 'Continuer en tant qu’utilisateur de démo' }).waitFor();
    await modal.getByRole('button', { name: 'Fermer' }).click();
  });

  it("shows the wizard's first step in French", async () => {
    await owner.goto('/?lang=fr');
    await owner.getByRole('button', { name: 'Ajouter un bâtiment' }).click();
    const wizard = owner.getByRole('dialog', { name: 'Ajouter un bâtiment' });
    await wizard.getByText('Emplacement', { exact: true }).waitFor();
    await wizard.getByText('1 sur 4').waitFor();
    await wizard.getByText('Saisir manuellement').click();
    await wizard.getByRole('textbox', { name: 'Nom' }).waitFor();
    await wizard.getByRole('textbox', { name: 'Longitude' }).waitFor();
    await wizard.getByRole('button', { name: 'Suivant' }).waitFor();
    await wizard.getByRole('button', { name: 'Fermer' }).click();
    // Back to English for the owner's other pages.
    await owner.goto('/?lang=en');
    await owner.getByRole('link', { name: 'Explore Buildings' }).waitFor();
  });

  it('/?lang=ar is right to left, with the card column on the left of the map', async () => {
    const page = await openPage();
    await page.goto('/?lang=ar');
    expect(await html(page).getAttribute('lang')).toBe('ar');
    expect(await html(page).getAttribute('dir')).toBe('rtl');
    const cards = page.getByRole('region', { name: 'المباني المعروضة' }).first();
    await cards.waitFor();
    const map = page.locator('.maplibregl-canvas');
    await map.waitFor();
    const cardsBox = (await cards.boundingBox())!;
    const mapBox = (await map.boundingBox())!;
    expect(cardsBox.x + cardsBox.width).toBeLessThanOrEqual(mapBox.x + 1);
    await page.getByRole('link', { name: 'استكشاف المباني' }).waitFor();
  });

  it('gives German on a first visit whose browser asks for it, without choosing for later', async () => {
    const page = await openPage({
      locale: 'de-DE',
      extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    await page.goto('/');
    expect(await html(page).getAttribute('lang')).toBe('de');
    await page.getByRole('link', { name: 'Gebäude entdecken' }).waitFor();
    await page.getByRole('search', { name: 'Gebäude filtern' }).waitFor();
    expect((await page.context().cookies()).filter((c) => c.name === 'lang')).toEqual([]);
  });

  it("the navigation bar's language menu switches the language and remembers it", async () => {
    const page = await openPage();
    await page.goto('/');
    expect(await html(page).getAttribute('lang')).toBe('en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('link', { name: 'Explorar edificios' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('es');
    await page.goto('/about');
    expect(await html(page).getAttribute('lang')).toBe('es');
    // The bar's menu and the About page's own (for phones, whose bar has no room for it).
    const menus = page.getByRole('combobox', { name: 'Idioma' });
    await menus.nth(1).waitFor();
    expect(await menus.count()).toBe(2);
    for (const menu of await menus.all()) expect(await menu.inputValue()).toBe('es');
  });

  it.each(['ar', 'ja'])('is accessible in %s (axe)', async (language) => {
    // axe is injected as a script, which the page's CSP would refuse.
    const page = await openPage({ bypassCSP: true });
    await page.goto(`/?lang=${language}`);
    await page.getByRole('search').waitFor();
    await page.locator('.maplibregl-canvas').waitFor();
    await expectAccessible(page, `explore screen in ${language}`);
    await page.goto(`/buildings/${buildingId}`);
    await page.getByRole('heading', { name: buildingName }).waitFor();
    await expectAccessible(page, `building panel in ${language}`);
  });
});
