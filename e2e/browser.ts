import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';
import { assertChromiumInstalled, CHROMIUM_ARGS, chromiumPath } from './chromium-path.ts';

export function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  assertChromiumInstalled(executablePath);
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** A fresh context (own storage, own cookies) whose relative URLs resolve against the server under test. */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: inject('baseURL'),
    viewport: { width: 1280, height: 800 },
    ...options,
  });
}

export function baseURL(): string {
  return inject('baseURL');
}
