/**
 * The built app under its real Content-Security-Policy: the page, the inline theme script, the
 * map (WebGL, blob: worker) and the API load without a single CSP violation.
 */
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle } from './map.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Content-Security-Policy in Chromium', () => {
  it('lets the app, its theme script and the map load with no violation', async () => {
    const response = await fetch(`${baseURL()}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);

    const context = await newContext(browser, { colorScheme: 'dark' });
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(
            `Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
          );
        });
      });
      await page.goto('/');
      await waitForMapIdle(page);
      // The inline theme script ran before the app: the dark preference of the system is applied.
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
      ).toBe('dark');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
