import { defineConfig } from 'vitest/config';

/**
 * Files run two at a time (E2E_WORKERS to change it; 1 is the old one-at-a-time run): a journey
 * spends most of its time waiting on the map's debounce and idle, so a second file fills the other
 * core. Files share one server and one Chromium, so each works on its own users and buildings and
 * takes the seeded catalogue from global-setup (api.ts getSeededBuildings), never 'the last one'.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`E2E_WORKERS must be a whole number ≥ 1 (got ${process.env.E2E_WORKERS})`);

// End-to-end journeys: a real server (global-setup.ts) and a real Chromium (browser.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
