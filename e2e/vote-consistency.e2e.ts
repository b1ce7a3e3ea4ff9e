import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuilding, getSeededBuildings } from './api.ts';
import { launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle } from './map.ts';
import { signIn } from './session.ts';

// Server data lives in one cache, so a vote in the building panel shows at once on the
// building's card in the explore list beside it, without a reload. A fresh user votes on a seeded
// building (any signed-in user may vote on any building) and takes the vote back at the end.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let buildingId: number;
const voter = `voter_${crypto.randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { colorScheme: 'light' });
  page = await context.newPage();
  const { features } = await getSeededBuildings();
  // A seeded building from the middle: other journeys start from the first and the last ones.
  const middle = features[Math.floor(features.length / 2)];
  if (!middle) throw new Error('No seeded buildings');
  buildingId = middle.properties.id;
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const panel = () => page.getByRole('complementary', { name: 'Building' });
const smile = () =>
  panel()
    .getByRole('group', { name: 'Building votes' })
    .getByRole('button', { name: /^Smile, / });
const card = () => page.locator(`[data-building-id="${buildingId}"]`);
/** The panel's votes are no longer busy: the server has answered the last vote. */
const voteSettled = () =>
  page.waitForFunction(
    () => document.querySelector('[aria-label="Building votes"]')?.getAttribute('aria-busy') === 'false',
  );
const cardVotes = (up: number, meh: number, down: number) =>
  card().locator(`[aria-label="Votes: ${up} smile, ${meh} meh, ${down} frown"]`);

describe('a vote shows everywhere at once', () => {
  it('a smile in the building panel changes the card in the explore list without a reload', async () => {
    await page.goto('/');
    await signIn(page, voter);
    await page.goto(`/buildings/${buildingId}`);
    const before = await getBuilding(buildingId);
    await panel().getByRole('heading', { name: before.name }).waitFor();
    await waitForMapIdle(page);
    const { upvotes, meh_votes, downvotes } = before.vote_stats;
    await cardVotes(upvotes, meh_votes, downvotes).waitFor();
    expect(await smile().getAttribute('aria-pressed')).toBe('false');
    // A reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await smile().click();
    await cardVotes(upvotes + 1, meh_votes, downvotes).waitFor({ timeout: 10_000 });
    await panel()
      .getByRole('button', { name: `Smile, ${upvotes + 1} ${upvotes + 1 === 1 ? 'vote' : 'votes'}` })
      .waitFor();
    // The counts move before the server answers (product §4): read the API once it has.
    await voteSettled();
    expect((await getBuilding(buildingId)).vote_stats.upvotes).toBe(upvotes + 1);

    // The same face again takes the vote back (product §4), on the card too.
    await smile().click();
    await cardVotes(upvotes, meh_votes, downvotes).waitFor({ timeout: 10_000 });
    expect(await smile().getAttribute('aria-pressed')).toBe('false');
    await voteSettled();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect((await getBuilding(buildingId)).vote_stats.upvotes).toBe(upvotes);
  });
});
