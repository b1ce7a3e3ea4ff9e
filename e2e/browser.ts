import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

/**
 * A connection to the run's one Chromium (global-setup.ts); `close()` closes this file's contexts
 * and disconnects, the browser stays up for the next file.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

/**
 * A fresh context (own storage, own cookies) whose relative URLs resolve against the server under
 * test, with the web app's test hooks (window.__atlasMap) turned on before any page script runs,
 * and service workers blocked unless the options allow them.
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport: DEFAULT_VIEWPORT,
    // The app's service worker (vite.config.ts) answers the app's files from its cache, where
    // page.route() no longer sees them; only e2e/pwa.e2e.ts lets it run ('allow').
    serviceWorkers: 'block',
    ...options,
  });
  await context.addInitScript(() => {
    window.__atlasTestHooks = true;
  });
  return context;
}

interface Reusable {
  key: string;
  options: BrowserContextOptions;
  context: BrowserContext;
  page: Page;
  inUse: boolean;
}

/**
 * The events a test listens to. Not every event: Playwright itself waits on 'close' (a context's
 * `close()` never returns once that listener is gone).
 */
const TEST_EVENTS = [
  'console',
  'dialog',
  'download',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'weberror',
] as const;

/** This file's contexts kept for the next test (each test file has its own module instance). */
const reusable: Reusable[] = [];

/**
 * A context and page for one test, as a fresh one behaves: no cookies, no storage, no listeners,
 * no routes, the options' viewport and colour scheme. Within a file it is the previous test's
 * context and page, emptied by `releasePage`: its renderer process, its WebGL and the scripts it
 * compiled are kept, which halves what a test's first page load costs (measured on a 2-core
 * machine, CPU of the whole machine per `/` load to its idle map: a new context and page 9.6 s, the
 * same page navigated again 4.7 s). A test that adds init scripts to its page, or needs a second
 * user beside the first, opens its own with `newContext` instead.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const key = JSON.stringify(options);
  const kept = reusable.find((r) => r.key === key && !r.inUse);
  if (kept) {
    kept.inUse = true;
    return kept;
  }
  const context = await newContext(browser, options);
  const entry: Reusable = { key, options, context, page: await context.newPage(), inUse: true };
  reusable.push(entry);
  return entry;
}

/**
 * Ends a test's use of a page from `openPage` and empties it for the next test: other pages
 * closed, the page's and the context's listeners and routes removed, the app left for a quiet
 * page of the same site (so it makes no more requests, and the next load stays in this
 * renderer), local and session storage, cookies and permissions cleared, viewport and media
 * emulation back to the options'. The HTTP
 * cache stays, as a returning visitor's would: API answers are `no-store`. If any of that fails
 * (the page crashed, say), the context is closed and the next test gets a new one. A page the
 * test opened itself (`newContext`) is closed with its context.
 */
export async function releasePage(page: Page | undefined): Promise<void> {
  if (!page) return;
  const entry = reusable.find((r) => r.page === page);
  if (!entry) {
    // A page of a context the test opened itself (newContext): closed with its context.
    await page
      .context()
      .close()
      .catch(() => undefined);
    return;
  }
  const { context, options } = entry;
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    for (const event of TEST_EVENTS) {
      entry.page.removeAllListeners(event);
      context.removeAllListeners(event);
    }
    await entry.page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await entry.page.goto('/favicon.svg');
    await entry.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await context.clearCookies();
    await context.clearPermissions();
    await entry.page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
    await entry.page.emulateMedia({
      media: null,
      colorScheme: options.colorScheme ?? 'light',
      reducedMotion: options.reducedMotion ?? 'no-preference',
      forcedColors: options.forcedColors ?? 'none',
    });
    entry.inUse = false;
  } catch {
    reusable.splice(reusable.indexOf(entry), 1);
    await context.close().catch(() => undefined);
  }
}

/** Closes the contexts `openPage` kept (a file's afterAll, before its browser connection closes). */
export async function closePages(): Promise<void> {
  for (const entry of reusable.splice(0)) await entry.context.close().catch(() => undefined);
}

/**
 * Registers a file's hooks: one browser connection for the file, and for each test a context and
 * page as fresh (`openPage` with `options`), handed to `onOpen` before the test runs.
 */
export function pagePerTest(
  options: BrowserContextOptions,
  onOpen: (opened: { browser: Browser; context: BrowserContext; page: Page }) => void,
): void {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await closePages();
    await browser?.close();
  });
  beforeEach(async () => {
    const opened = await openPage(browser!, options);
    page = opened.page;
    onOpen({ browser: browser!, ...opened });
  });
  afterEach(async () => {
    await releasePage(page);
  });
}

export function baseURL(): string {
  return inject('baseURL');
}
