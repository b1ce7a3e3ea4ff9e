import { defineConfig } from 'vitest/config';

const unit = {
  extends: true as const,
  test: {
    name: 'unit',
    include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
  },
};

// The API suite runs a second time on PostgreSQL when a server is given (CI gives one).
const postgres = {
  extends: true as const,
  test: {
    name: 'api-postgres',
    // *.pg-test.ts: behaviour only PostgreSQL has (several processes on one database).
    include: ['server/**/*.test.ts', 'server/**/*.pg-test.ts'],
    env: { TEST_DB_ENGINE: 'postgres' },
  },
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: process.env.TEST_DATABASE_URL ? [unit, postgres] : [unit],
  },
});
