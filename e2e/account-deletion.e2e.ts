/**
 * Deleting one's account end to end: a user comments on a building, another user replies, the
 * first deletes their account from Settings (typing their handle) and is signed out and sent home;
 * a visitor then sees the comment as 'This comment has been deleted' above the reply, and the
 * user's page says 'User not found'. Every user and building here is this file's own.
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { pageFetch, signIn, signInWithOwnBuilding } from './session.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
const rand = () => crypto.randomBytes(3).toString('hex');
const leaver = `leaver_${rand()}`;
const replier = `replier_${rand()}`;
const commentText = `Lovely brickwork ${rand()}`;
const replyText = `Agreed, lovely ${rand()}`;
// Far from the seeded buildings and from other files' test buildings.
const spot: [number, number] = [130 + Math.random() * 5, -70 - Math.random() * 3];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openPage(): Promise<Page> {
  const context = await newContext(browser, { colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

const panel = (p: Page) => p.getByRole('complementary', { name: 'Building' });
const comments = (p: Page) => panel(p).getByRole('region', { name: 'Comments' });

describe('deleting my account from Settings', () => {
  it('signs me out and home; my replied-to comment shows as deleted and my page is not found', async () => {
    // The replier's building, with the leaver's comment and the replier's reply.
    const replierPage = await openPage();
    const buildingId = await signInWithOwnBuilding(replierPage, replier, {
      name: `Farewell hall ${rand()}`,
      coordinates: spot,
      year_built: 1931,
    });
    const page = await openPage();
    await page.goto('/about');
    await signIn(page, leaver);
    const comment = await pageFetch(page, 'POST', `/api/comments/building/${buildingId}`, {
      content: commentText,
    });
    expect(comment.status).toBe(201);
    const commentId = (comment.body as { id: number }).id;
    const reply = await pageFetch(replierPage, 'POST', `/api/comments/${commentId}/replies`, {
      content: replyText,
      target_type: 'building',
      target_id: buildingId,
    });
    expect(reply.status).toBe(201);

    // Settings: the danger zone, the handle typed, then deleted.
    await page.goto(`/user/${leaver}/settings`);
    await page.getByRole('heading', { name: 'Danger zone' }).waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByRole('textbox', { name: /Type your handle to confirm/ }).fill(leaver.slice(0, -1));
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /Type your handle to confirm/ }).fill(leaver);
    await confirm.click();

    await page.getByText('Your account has been deleted.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('button', { name: leaver, exact: true }).count()).toBe(0);
    const check = await pageFetch(page, 'GET', '/api/auth/check-login');
    expect(check.body).toMatchObject({ logged_in: false });

    // A visitor: the comment is a deleted placeholder with the reply under it.
    const visitor = await openPage();
    await visitor.goto(`/buildings/${buildingId}`);
    const deleted = comments(visitor).getByRole('article', { name: 'Deleted comment' });
    await deleted.getByText('This comment has been deleted').waitFor();
    expect(await comments(visitor).getByText(commentText).count()).toBe(0);
    await deleted.getByRole('button', { name: 'Show Replies (1)' }).click();
    await comments(visitor)
      .getByRole('list', { name: 'Replies to a deleted comment' })
      .getByRole('article', { name: `Comment by ${replier}` })
      .getByText(replyText)
      .waitFor();

    // The leaver's page is gone.
    await visitor.goto(`/user/${leaver}/lists`);
    await visitor.getByRole('heading', { level: 1, name: 'User not found' }).waitFor();
  });
});
