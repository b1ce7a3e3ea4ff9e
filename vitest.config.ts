import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { postgresTestFiles } from './server/test/database-test-files.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// Migrates once per run (PGlite tarball / PostgreSQL template) instead of once per test file.
const globalSetup = ['server/test/global-setup.ts'];

// Web, domain and script tests share a worker's loaded modules from file to file too (isolate:
// false, as the server tests below): React, Mantine and the app's modules are imported once per
// worker instead of once per file, which took this project from 104 s to 59–66 s on a 2-core machine
// (`npx vitest run --project unit`). Each file still gets its own environment (a fresh happy-dom: see
// docs/decisions/2026-11-25-happy-dom-for-component-tests.md).
// What a module keeps for the page's lifetime is emptied after each test by
// web/src/testing/shared-worker-setup.ts (the toast stack); a test must not leave other
// module-level state changed. None of these files opens a test database, so no template either.
const unit = {
  extends: true as const,
  test: {
    name: 'unit',
    include: ['domain/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    isolate: false,
    setupFiles: ['web/src/testing/shared-worker-setup.ts'],
  },
};

// Server tests share a worker's loaded modules from file to file (isolate: false): the app's
// module graph and PGlite's WebAssembly are loaded once per worker instead of once per file,
// which was about 45% of these files' CPU time. Each file still opens its own app and database
// (createTestApp) and closes them; server modules keep no state but read-only caches (world
// shapes, places) and per-database WeakMaps. A test must not change process-wide state
// (process.env, globals, timers) without restoring it.
const server = {
  extends: true as const,
  test: {
    name: 'server',
    include: ['server/**/*.test.ts'],
    isolate: false,
    globalSetup,
  },
};

// The API suite runs a second time on PostgreSQL when a server is given (CI gives one): every
// server test file that opens its database through server/test/test-app.ts (computed from the
// imports, see database-test-files.ts), and *.pg-test.ts (behaviour only PostgreSQL has, such
// as several processes on one database).
const postgres = {
  extends: true as const,
  test: {
    name: 'api-postgres',
    include: postgresTestFiles(root),
    env: { TEST_DB_ENGINE: 'postgres' },
    isolate: false,
    globalSetup,
  },
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // while an API file spends much of its time waiting on PostgreSQL. At least two.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: process.env.TEST_DATABASE_URL ? [unit, server, postgres] : [unit, server],
  },
});
