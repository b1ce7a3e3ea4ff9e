import { defineConfig } from 'vitest/config';

// End-to-end journeys: a real server (global-setup.ts) and a real Chromium (browser.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
