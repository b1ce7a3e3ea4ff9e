import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { postgresTestFiles } from './server/test/database-test-files.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// Migrates once per run (PGlite tarball / PostgreSQL template) instead of once per test file.
const globalSetup = ['server/test/global-setup.ts'];

const unit = {
  extends: true as const,
  test: {
    name: 'unit',
    include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
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
    globalSetup,
  },
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: process.env.TEST_DATABASE_URL ? [unit, postgres] : [unit],
  },
});
