import path from 'node:path';
import { describe, it } from 'vitest';
import { launchBrowser, newContext } from './browser.ts';
import { waitForMapIdle, waitForNextIdle } from './map.ts';

// Screenshots of the explore screen for a look by eye: E2E_SCREENSHOT_DIR=/tmp npm run test:e2e
const outDir = process.env.E2E_SCREENSHOT_DIR;

describe.skipIf(!outDir)('screenshots', () => {
  it('captures / in the light and the dark theme', async () => {
    const browser = await launchBrowser();
    try {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await newContext(browser, { colorScheme: scheme });
        const page = await context.newPage();
        await page.goto('/');
        await waitForMapIdle(page);
        await waitForNextIdle(page);
        await page.screenshot({ path: path.join(outDir ?? '.', `explore-${scheme}.png`) });
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
