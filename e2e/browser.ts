import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/**
 * A connection to the run's one Chromium (global-setup.ts); `close()` closes this file's contexts
 * and disconnects, the browser stays up for the next file.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

/**
 * A fresh context (own storage, own cookies) whose relative URLs resolve against the server under
 * test, with the web app's test hooks (window.__atlasMap) turned on before any page script runs.
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  await context.addInitScript(() => {
    window.__atlasTestHooks = true;
  });
  return context;
}

/**
 * Registers a file's hooks: one browser connection for the file, and for each test a fresh
 * context (`newContext` with `options`) and page, handed to `onOpen` before the test runs.
 */
export function pagePerTest(
  options: BrowserContextOptions,
  onOpen: (opened: { browser: Browser; context: BrowserContext; page: Page }) => void,
): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser!, options);
    onOpen({ browser: browser!, context, page: await context.newPage() });
  });
  afterEach(async () => {
    await context?.close();
  });
}

export function baseURL(): string {
  return inject('baseURL');
}
