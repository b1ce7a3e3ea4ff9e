import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePerTest } from './browser.ts';

let page: Page;

pagePerTest({ colorScheme: 'light' }, (opened) => {
  ({ page } = opened);
});

const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';
/** A handle of the form a new Google account gets (domain/users.ts, generatedHandle). */
const generatedLike = () => `user_${Array.from(crypto.randomBytes(10), (b) => BASE32[b & 31]).join('')}`;

/** Signs the page in with the demo sign-in (POST /api/auth/dev through the page's fetch). */
async function signInAsDevUser(p: Page, handle: string): Promise<void> {
  const status = await p.evaluate(async (h) => {
    const response = await fetch('/api/auth/dev', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ handle: h }),
      credentials: 'include',
    });
    return response.status;
  }, handle);
  expect(status).toBe(200);
}

describe('handles: the welcome step after a first sign-in, and an old handle moving to the new one', () => {
  it('invites a new user to pick a handle, refuses a look-alike, and moves their old page to the new one', async () => {
    const generated = generatedLike();
    const chosen = `e2e_pick_${crypto.randomBytes(4).toString('hex')}`;
    await page.goto('/gallery/1');
    await signInAsDevUser(page, generated);
    await page.goto(`/user/${generated}/lists`);

    const dialog = page.getByRole('dialog', { name: 'Welcome to Atlas of Buildings' });
    await dialog.getByText(generated, { exact: true }).waitFor();
    const input = dialog.getByRole('textbox', { name: 'Handle' });
    await input.fill('atlas_1');
    await dialog
      .getByText(`could be mistaken for the site's own account "atlas"`, { exact: false })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await input.fill(chosen);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === `/user/${chosen}/lists`);
    await page.getByRole('heading', { level: 1, name: chosen }).waitFor();

    // The old page answers 301 to the new handle, its section kept.
    const response = await page.goto(`/user/${generated}/buildings`);
    expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/user/${generated}/buildings$`));
    expect(new URL(page.url()).pathname).toBe(`/user/${chosen}/buildings`);
    await page.getByRole('heading', { level: 1, name: chosen }).waitFor();
  });

  it('can be skipped: the generated handle stays and the step does not come back', async () => {
    const generated = generatedLike();
    await page.goto('/gallery/1');
    await signInAsDevUser(page, generated);
    await page.goto(`/user/${generated}/lists`);
    const dialog = page.getByRole('dialog', { name: 'Welcome to Atlas of Buildings' });
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: generated }).waitFor();
    // The app has settled (its heading is drawn); the dialog stays away.
    await page.waitForTimeout(500);
    expect(await dialog.count()).toBe(0);
  });
});
