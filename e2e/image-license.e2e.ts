import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageList } from '#domain/images';
import { getJson } from './api.ts';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signIn, signInWithOwnBuilding } from './session.ts';

// Photo licences and credits: a fresh user uploads a photo under CC BY 4.0 with a
// credit of their own, the viewer shows '© credit · licence' linked to the deed, the owner opens
// the licence further and clears the credit (back to their handle); another user only reads it.

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;
let buildingId: number;
let tmpDir: string;
let photo: string;

const rand = () => crypto.randomBytes(3).toString('hex');
const uploader = `licence_${rand()}`;

async function openPage(): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-licence-e2e-'));
  photo = path.join(tmpDir, 'facade.jpg');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .jpeg()
    .toFile(photo);
  page = await openPage();
  buildingId = await signInWithOwnBuilding(page, uploader, {
    name: `Licence test house ${rand()}`,
    coordinates: [-25 - Math.random() * 5, -45 - Math.random() * 5],
    year_built: 1960,
  });
});

afterAll(async () => {
  if (buildingId && page) await pageFetch(page, 'DELETE', `/api/buildings/${buildingId}`);
  for (const context of contexts) await context.close();
  await browser?.close();
  if (tmpDir) await fs.promises.rm(tmpDir, { recursive: true, force: true });
});

const grid = (p: Page) => p.getByRole('list', { name: 'Gallery images' });
const viewer = (p: Page) => p.getByRole('dialog', { name: /^Image \d+ of \d+$/ });

describe('photo licences and credits', () => {
  it('uploads under a chosen licence and credit, shown in the viewer with the deed', async () => {
    await page.goto(`/gallery/${buildingId}`);
    await page.getByText('No images yet.').waitFor();
    await page.getByRole('button', { name: 'Upload Image(s)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Image(s)' });
    await dialog.locator('input[type="file"]').setInputFiles([photo]);
    const item = dialog.getByRole('listitem', { name: 'facade.jpg' });
    await item.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Exterior', exact: true }).click();

    // The default, explained, then the choice.
    const licence = dialog.getByRole('combobox', { name: 'Licence' });
    expect(await licence.inputValue()).toBe('CC BY-SA 4.0');
    expect(await dialog.getByTestId('license-explanation').textContent()).toContain('same licence');
    await licence.click();
    await page.getByRole('option', { name: 'CC BY 4.0', exact: true }).click();
    expect(await dialog.getByRole('link', { name: 'Read the licence' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
    await dialog.getByRole('textbox', { name: 'Credit' }).fill('Studio Facade');

    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    await expect.poll(() => grid(page).getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);

    await grid(page).getByRole('button').first().click();
    const credit = viewer(page).getByTestId('image-credit');
    await credit.waitFor();
    expect(await credit.textContent()).toBe('© Studio Facade · CC BY 4.0');
    expect(await credit.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
    const list = await getJson<ImageList>(`/api/images/infinite-scroll?buildingId=${buildingId}`);
    expect(list.items[0]).toMatchObject({ license: 'CC-BY-4.0', author: 'Studio Facade' });
  });

  it('the owner opens the licence further and clears the credit back to their handle', async () => {
    await viewer(page).getByRole('button', { name: 'Edit credit' }).click();
    const form = viewer(page).getByRole('group', { name: 'Credit and licence' });
    await form.getByRole('combobox', { name: 'Licence' }).click();
    // Only the same or a more open licence is offered (the dropdown's options: the navigation bar's
    // language select has options too).
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options).toEqual(['CC BY 4.0', 'CC0 1.0']);
    await page.getByRole('option', { name: 'CC0 1.0', exact: true }).click();
    await form.getByRole('textbox', { name: 'Credit' }).fill('');
    await form.getByRole('button', { name: 'Save credit' }).click();
    await expect
      .poll(() => viewer(page).getByTestId('image-credit').textContent())
      .toBe(`© ${uploader} · CC0 1.0`);
  });

  it('another user reads the credit but cannot edit it', async () => {
    const other = await openPage();
    await other.goto(`/gallery/${buildingId}`);
    await signIn(other, `reader_${rand()}`);
    await expect.poll(() => grid(other).getByRole('listitem').count()).toBe(1);
    await grid(other).getByRole('button').first().click();
    await viewer(other).getByTestId('image-credit').waitFor();
    expect(await viewer(other).getByTestId('image-credit').textContent()).toBe(`© ${uploader} · CC0 1.0`);
    expect(await viewer(other).getByRole('button', { name: 'Edit credit' }).count()).toBe(0);
  });
});
