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

// A fresh user makes a building of their own (in the South Atlantic, far from the seeded ones),
// uploads three images to its gallery, steps through them, votes and deletes one. The building
// is deleted again at the end.

let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;
let buildingId: number;
let tmpDir: string;
const files: string[] = [];

const rand = () => crypto.randomBytes(3).toString('hex');
const uploader = `gallery_${rand()}`;
const buildingName = `Gallery test hall ${rand()}`;

async function openPage(): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

async function makeImageFiles(): Promise<void> {
  tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-gallery-e2e-'));
  const base = (width: number, height: number, r: number) =>
    sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } });
  const jpeg = path.join(tmpDir, 'front.jpg');
  const png = path.join(tmpDir, 'plan.png');
  const gif = path.join(tmpDir, 'sketch.gif');
  await base(800, 600, 200).jpeg().toFile(jpeg);
  await base(600, 900, 60).png().toFile(png);
  await base(300, 300, 10).gif().toFile(gif);
  files.push(jpeg, png, gif);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await makeImageFiles();
  page = await openPage();
  buildingId = await signInWithOwnBuilding(page, uploader, {
    name: buildingName,
    coordinates: [-20 - Math.random() * 5, -40 - Math.random() * 5],
    year_built: 1950,
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

describe('gallery page (product §2, 4, 5, 7)', () => {
  it("a visitor's 'Upload Image(s)' opens the login modal", async () => {
    const visitor = await openPage();
    await visitor.goto(`/gallery/${buildingId}`);
    await visitor.getByRole('heading', { name: 'Gallery' }).waitFor();
    await visitor.getByText('No images yet.').waitFor();
    expect(await visitor.getByRole('link', { name: 'See Building Page' }).getAttribute('href')).toBe(
      `/buildings/${buildingId}`,
    );
    await visitor.getByRole('button', { name: 'Upload Image(s)' }).click();
    const modal = visitor.getByRole('dialog', { name: 'Authentication Required' });
    await modal.getByText('You need to be logged in to upload images.').waitFor();
    expect(await visitor.getByRole('dialog', { name: 'Upload Image(s)' }).count()).toBe(0);
  });

  it('the gallery names its building, invites the first upload and refuses a 0-byte file', async () => {
    await page.goto(`/gallery/${buildingId}`);
    await page.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor();
    const link = page.getByRole('link', { name: buildingName, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/buildings/${buildingId}`);
    await page.getByText('No images yet.').waitFor();
    await page.getByRole('button', { name: 'Upload the first image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Image(s)' });
    await dialog.waitFor();

    // A 0-byte file is refused at once with product §5's text, and never joins the form.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) }]);
    await dialog.getByRole('alert').getByText('empty.jpg: File is smaller than 1 bytes').waitFor();
    expect(await dialog.getByRole('listitem', { name: 'empty.jpg' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the signed-in user uploads three images and sees the progress, then the images', async () => {
    await page.goto(`/gallery/${buildingId}`);
    await page.getByText('No images yet.').waitFor();
    await page.getByRole('button', { name: 'Upload Image(s)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Image(s)' });
    await dialog.locator('input[type="file"]').setInputFiles(files);

    const types: Record<string, string> = {
      'front.jpg': 'Exterior',
      'plan.png': 'Plans',
      'sketch.gif': 'Drawing',
    };
    for (const [name, label] of Object.entries(types)) {
      const item = dialog.getByRole('listitem', { name });
      await item.getByRole('img', { name: `Preview of ${name}` }).waitFor();
      await item.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
    }
    const front = dialog.getByRole('listitem', { name: 'front.jpg' });
    await front.getByRole('textbox', { name: 'Description' }).fill('The south front');
    await front.getByRole('textbox', { name: 'Capture year' }).fill('2001');

    // Every text the button shows, as it changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { buttonTexts: string[] }).buttonTexts = seen;
      const observer = new MutationObserver(() => {
        for (const button of document.querySelectorAll('[role="dialog"] button')) {
          const text = button.textContent ?? '';
          if (text.includes('...') && seen.at(-1) !== text) seen.push(text);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });

    const texts = await page.evaluate(() => (window as unknown as { buttonTexts: string[] }).buttonTexts);
    const queued = texts.indexOf('Queuing images for processing...');
    expect(queued).toBeGreaterThanOrEqual(0);
    expect(texts.indexOf('Processing thumbnails... (0/3 complete)')).toBeGreaterThan(queued);
    // Nothing else: the last round may finish all three at once and close the dialog.
    for (const text of texts) {
      expect(text).toMatch(
        /^(Uploading\.\.\.|Queuing images for processing\.\.\.|Processing thumbnails\.\.\. \([0-3]\/3 complete\))$/,
      );
    }

    await expect.poll(() => grid(page).getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    // Newest first; sized from the original's aspect, lazy.
    const first = grid(page).getByRole('img').first();
    expect(await first.getAttribute('loading')).toBe('lazy');
    expect(await first.getAttribute('src')).toMatch(/-400\.webp$/);
    const sizes = await grid(page)
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => `${img.getAttribute('width')}x${img.getAttribute('height')}`));
    expect(sizes.sort()).toEqual(['267x400', '300x300', '400x300'].sort());
  });

  it('opens the full view, steps with the arrow keys and votes on an image', async () => {
    await grid(page).getByRole('button').first().click();
    await viewer(page).getByRole('heading', { name: 'Image 1 of 3' }).waitFor();
    expect(await viewer(page).locator('img[src$="-1600.webp"]').count()).toBe(1);

    await page.keyboard.press('ArrowRight');
    await viewer(page).getByRole('heading', { name: 'Image 2 of 3' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer(page).getByRole('heading', { name: 'Image 3 of 3' }).waitFor();
    await viewer(page).getByText('The south front').waitFor();
    await viewer(page).getByText('Captured in 2001').waitFor();
    await viewer(page).getByRole('link', { name: uploader }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await viewer(page).getByRole('heading', { name: 'Image 2 of 3' }).waitFor();

    const votes = viewer(page).getByRole('group', { name: 'Image votes' });
    await votes.getByRole('button', { name: 'Smile, 0 votes' }).click();
    await votes.getByRole('button', { name: 'Smile, 1 vote', pressed: true }).waitFor();
    await viewer(page).getByRole('region', { name: 'Comments' }).waitFor();

    // The list keeps the vote: closing and opening the same image shows it.
    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'hidden' });
    await grid(page).getByRole('button').nth(1).click();
    await viewer(page)
      .getByRole('group', { name: 'Image votes' })
      .getByRole('button', { name: 'Smile, 1 vote', pressed: true })
      .waitFor();
  });

  it('the owner deletes an image after the question', async () => {
    await viewer(page).getByRole('button', { name: 'Remove' }).click();
    const confirm = viewer(page).getByRole('group', { name: 'Delete image' });
    await confirm.getByText('Are you sure you want to delete this image?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => grid(page).getByRole('listitem').count()).toBe(2);
    await viewer(page).getByRole('heading', { name: 'Image 2 of 2' }).waitFor();
    const list = await getJson<ImageList>(`/api/images/infinite-scroll?buildingId=${buildingId}`);
    expect(list.total).toBe(2);
  });

  it("another user sees the images but no remove button; Space toggles the hovered image's view", async () => {
    const other = await openPage();
    await other.goto(`/gallery/${buildingId}`);
    await signIn(other, `viewer_${rand()}`);
    await expect.poll(() => grid(other).getByRole('listitem').count()).toBe(2);
    // Space on a focused control (the sign-in leaves one focused) presses that control instead.
    await other.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await grid(other).getByRole('img').nth(1).hover();
    await other.keyboard.press(' ');
    await viewer(other).getByRole('heading', { name: 'Image 2 of 2' }).waitFor();
    expect(await viewer(other).getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await other.keyboard.press(' ');
    await viewer(other).waitFor({ state: 'hidden' });
  });

  it("the building panel's images open the same view; the vote shows on the user's Images tab", async () => {
    await page.goto(`/buildings/${buildingId}`);
    const panelImages = page
      .getByRole('complementary', { name: 'Building' })
      .getByRole('list', { name: 'Images' });
    await expect.poll(() => panelImages.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    await panelImages.getByRole('button').first().click();
    await viewer(page).getByRole('heading', { name: 'Image 1 of 2' }).waitFor();
    const votes = viewer(page).getByRole('group', { name: 'Image votes' });
    await votes.getByRole('button', { name: 'Smile, 0 votes' }).click();
    await votes.getByRole('button', { name: 'Smile, 1 vote', pressed: true }).waitFor();
    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'hidden' });

    await page.goto(`/user/${uploader}/images`);
    const voted = page.getByRole('list', { name: 'Voted images' });
    await expect.poll(() => voted.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Disliked' }).click();
    await page.getByText("You haven't disliked any images.").waitFor();
  });
});
