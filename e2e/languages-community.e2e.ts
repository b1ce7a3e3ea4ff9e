/**
 * The community screens in the visitor's language, served by the real server with the page's
 * catalogue: the About page in French (its links and the licence's name kept), the privacy page in
 * Japanese (days counted by the plural formatter that loads beside it), the feedback modal in
 * German and the moderation screen in Arabic, right to left.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function openPage(): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('community screens in other languages', () => {
  it('/about?lang=fr explains the data and its licence in French', async () => {
    const page = await openPage();
    await page.goto('/about?lang=fr');
    await page.getByRole('heading', { level: 1, name: 'À propos d’Atlas of Buildings' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Les données : ODbL 1.0' }).waitFor();
    const licence = page.getByRole('link', { name: 'Open Database License (ODbL) v1.0' });
    expect(await licence.getAttribute('href')).toBe('https://opendatacommons.org/licenses/odbl/1-0/');
    expect(await licence.locator('..').textContent()).toContain(
      'est publié en données ouvertes sous la licence',
    );
    await page.getByRole('link', { name: 'Confidentialité' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Confidentialité' }).waitFor();
  });

  it('/privacy?lang=ja counts the days in Japanese', async () => {
    const page = await openPage();
    await page.goto('/privacy?lang=ja');
    await page.getByRole('heading', { level: 1, name: 'プライバシー' }).waitFor();
    await page.getByRole('heading', { level: 2, name: '保存期間' }).waitFor();
    await page.getByText('古いハンドル名は30日間予約されます', { exact: false }).waitFor();
  });

  it('the feedback modal speaks German', async () => {
    const page = await openPage();
    await page.goto('/about?lang=de');
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback senden' });
    await dialog.getByRole('button', { name: 'Feedback senden' }).click();
    await dialog.getByText('Ein Titel ist erforderlich').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Art' }).inputValue()).toBe('Allgemein');
  });

  it('the moderation screen asks a visitor to log in, in Arabic and right to left', async () => {
    const page = await openPage();
    await page.goto('/moderation?lang=ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: 'الإشراف' }).waitFor();
    await page.getByText('يُرجى تسجيل الدخول لرؤية شاشة الإشراف.').waitFor();
  });
});
