import crypto from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteStats } from '#domain/votes';
import { getBuilding, getSeededBuildings } from './api.ts';
import { launchBrowser, newContext } from './browser.ts';

// Two users comment, reply and vote on one seeded building; every name is fresh, and the only
// data removed is what this file created.

let browser: Browser;
const contexts: BrowserContext[] = [];
let buildingId: number;

const rand = () => crypto.randomBytes(3).toString('hex');
const alice = `alice_${rand()}`;
const bob = `bob_${rand()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const { features } = await getSeededBuildings();
  // The last seeded building: other journeys start from the first ones.
  const last = features.at(-1);
  if (!last) throw new Error('No seeded buildings');
  buildingId = last.properties.id;
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

/** Signs the page in as a dev user (POST /api/auth/dev through the page's fetch), then reloads. */
async function signIn(page: Page, handle: string): Promise<void> {
  const status = await page.evaluate(async (h) => {
    const response = await fetch('/api/auth/dev', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ handle: h }),
      credentials: 'include',
    });
    return response.status;
  }, handle);
  expect(status).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: handle, exact: true }).waitFor();
}

async function openBuilding(page: Page): Promise<void> {
  await page.goto(`/buildings/${buildingId}`);
  await comments(page).getByRole('heading', { name: 'Comments' }).waitFor();
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Building' });
const comments = (page: Page) => panel(page).getByRole('region', { name: 'Comments' });
const face = (page: Page, name: 'Smile' | 'Meh' | 'Frown') =>
  panel(page)
    .getByRole('group', { name: 'Building votes' })
    .getByRole('button', { name: new RegExp(`^${name}, `) });
/** A reply of `to`'s comment by `by` (replies sit in their own list under the comment). */
const replyBy = (page: Page, to: string, by: string) =>
  comments(page)
    .getByRole('list', { name: `Replies to ${to}` })
    .getByRole('article', { name: `Comment by ${by}` });
const commentBy = (page: Page, handle: string) =>
  comments(page)
    .getByRole('list', { name: 'Comments' })
    .getByRole('article', { name: `Comment by ${handle}` });

const voteCount = (label: string | null) => Number(/, (\d+) votes?$/.exec(label ?? '')?.[1] ?? NaN);
async function countOf(button: Locator): Promise<number> {
  return voteCount(await button.getAttribute('aria-label'));
}
async function expectFace(page: Page, name: 'Smile' | 'Meh' | 'Frown', count: number, pressed: boolean) {
  const button = face(page, name);
  await expect.poll(() => countOf(button)).toBe(count);
  expect(await button.getAttribute('aria-pressed')).toBe(String(pressed));
}

describe('comments and votes on a building profile (product §2, 4, 6)', () => {
  let alicePage: Page;
  let bobPage: Page;
  let before: VoteStats;
  const aliceText = `Lovely facade, says ${alice}`;
  const bobReply = `Agreed! (${bob})`;

  it('alice comments and smiles at the building', async () => {
    before = (await getBuilding(buildingId)).vote_stats;
    alicePage = await openPage();
    await alicePage.goto(`/buildings/${buildingId}`);
    await signIn(alicePage, alice);
    await openBuilding(alicePage);

    await expectFace(alicePage, 'Smile', before.upvotes, false);
    await face(alicePage, 'Smile').click();
    await expectFace(alicePage, 'Smile', before.upvotes + 1, true);

    await comments(alicePage).getByRole('textbox', { name: 'Add a comment' }).fill(aliceText);
    await comments(alicePage).getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = commentBy(alicePage, alice);
    await mine.getByText(aliceText).waitFor();
    await mine.getByText(/ago$/).waitFor();
    // Newest first: the new comment leads the list.
    const first = comments(alicePage).getByRole('list', { name: 'Comments' }).getByRole('article').first();
    expect(await first.getAttribute('aria-label')).toBe(`Comment by ${alice}`);
  });

  it("bob sees alice's comment, upvotes it, replies, and frowns at the building", async () => {
    bobPage = await openPage();
    await bobPage.goto(`/buildings/${buildingId}`);
    await signIn(bobPage, bob);
    await openBuilding(bobPage);

    await expectFace(bobPage, 'Smile', before.upvotes + 1, false);
    await face(bobPage, 'Frown').click();
    await expectFace(bobPage, 'Frown', before.downvotes + 1, true);

    const aliceComment = commentBy(bobPage, alice);
    await aliceComment.getByText(aliceText).waitFor();
    // Not bob's: no edit or delete.
    expect(await aliceComment.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await aliceComment.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await aliceComment.getByRole('button', { name: 'Upvote, 0 votes' }).click();
    await aliceComment.getByRole('button', { name: 'Upvote, 1 vote', pressed: true }).waitFor();

    await aliceComment.getByRole('button', { name: 'Reply', exact: true }).click();
    await aliceComment.getByRole('textbox', { name: `Reply to ${alice}` }).fill(bobReply);
    await aliceComment.getByRole('button', { name: 'Reply', exact: true }).last().click();
    // After a successful reply the replies open.
    await aliceComment.getByRole('button', { name: 'Hide Replies (1)' }).waitFor();
    await replyBy(bobPage, alice, bob).getByText(bobReply).waitFor();
  });

  it("alice sees bob's vote and reply after a reload, votes on the reply and edits her comment", async () => {
    await alicePage.reload();
    await comments(alicePage).getByRole('heading', { name: 'Comments' }).waitFor();
    await expect.poll(() => countOf(face(alicePage, 'Smile'))).toBe(before.upvotes + 1);
    await expect.poll(() => countOf(face(alicePage, 'Frown'))).toBe(before.downvotes + 1);

    const mine = commentBy(alicePage, alice);
    await mine.getByRole('button', { name: 'Upvote, 1 vote', pressed: false }).waitFor();
    await mine.getByRole('button', { name: 'Show Replies (1)' }).click();
    const reply = replyBy(alicePage, alice, bob);
    await reply.getByText(bobReply).waitFor();
    await reply.getByRole('button', { name: 'Downvote, 0 votes' }).click();
    await reply.getByRole('button', { name: 'Downvote, 1 vote', pressed: true }).waitFor();

    await mine.getByRole('button', { name: 'Edit' }).click();
    const box = mine.getByRole('textbox', { name: 'Edit comment' });
    expect(await box.inputValue()).toBe(aliceText);
    await box.fill(`${aliceText} (and the roof)`);
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByText(`${aliceText} (and the roof)`).waitFor();
    await mine.getByText('(edited)').waitFor();
  });

  it("bob sees the edit and alice's downvote; his vote toggles off when cast again", async () => {
    await bobPage.reload();
    await comments(bobPage).getByRole('heading', { name: 'Comments' }).waitFor();
    const aliceComment = commentBy(bobPage, alice);
    await aliceComment.getByText(`${aliceText} (and the roof)`).waitFor();
    await aliceComment.getByText('(edited)').waitFor();
    // The replies stay open for the session (remembered per comment).
    const reply = replyBy(bobPage, alice, bob);
    await reply.getByRole('button', { name: 'Downvote, 1 vote', pressed: false }).waitFor();

    const upvote = aliceComment.getByRole('button', { name: 'Upvote, 1 vote', pressed: true });
    await upvote.click();
    await aliceComment.getByRole('button', { name: 'Upvote, 0 votes', pressed: false }).waitFor();
  });

  it("after a reload each user's own face is still highlighted (building detail's user_vote)", async () => {
    await alicePage.reload();
    await comments(alicePage).getByRole('heading', { name: 'Comments' }).waitFor();
    await expectFace(alicePage, 'Smile', before.upvotes + 1, true);
    await expectFace(alicePage, 'Frown', before.downvotes + 1, false);
    await expectFace(bobPage, 'Frown', before.downvotes + 1, true);
    await expectFace(bobPage, 'Smile', before.upvotes + 1, false);
  });

  it('the owner deletes: with a reply the comment stays as deleted, then goes with its last reply', async () => {
    await alicePage.reload();
    await comments(alicePage).getByRole('heading', { name: 'Comments' }).waitFor();
    const mine = commentBy(alicePage, alice);
    await mine.getByRole('button', { name: 'Delete' }).click();
    const dialog = alicePage.getByRole('dialog', { name: 'Delete comment' });
    await dialog.getByText('Are you sure you want to delete this comment?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const deleted = comments(alicePage).getByRole('article', { name: 'Deleted comment' });
    await deleted.getByText('This comment has been deleted').waitFor();
    expect(await deleted.getByRole('button', { name: /^Upvote/ }).count()).toBe(0);
    expect(await deleted.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    await bobPage.reload();
    await comments(bobPage).getByRole('heading', { name: 'Comments' }).waitFor();
    const bobReplyItem = comments(bobPage).getByRole('article', { name: `Comment by ${bob}` });
    await bobReplyItem.getByRole('button', { name: 'Delete' }).click();
    await bobPage
      .getByRole('dialog', { name: 'Delete comment' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await bobReplyItem.waitFor({ state: 'detached' });
    await comments(bobPage).getByRole('article', { name: 'Deleted comment' }).waitFor({ state: 'detached' });
  });

  it("a signed-out visitor gets 'Login to Vote' for the faces and 'Login to Comment' for a comment", async () => {
    const visitor = await openPage();
    await openBuilding(visitor);
    await face(visitor, 'Smile').click();
    const dialog = visitor.getByRole('dialog', { name: 'Login to Vote' });
    await dialog.getByText('You need to be logged in to perform this action.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await comments(visitor).getByRole('button', { name: 'Comment', exact: true }).click();
    await visitor.getByRole('dialog', { name: 'Login to Comment' }).waitFor();
    const after = await getBuilding(buildingId);
    expect(after.vote_stats.upvotes).toBe(before.upvotes + 1);
    expect(after.vote_stats.downvotes).toBe(before.downvotes + 1);
  });
});
