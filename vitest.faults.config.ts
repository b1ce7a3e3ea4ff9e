import { defineConfig } from 'vitest/config';

// Fault tests (server/faults): a PostgreSQL server of their own that they stop and start, a full
// disk at the storage boundary, a worker killed mid-job. One file at a time: they time failures.
export default defineConfig({
  test: {
    include: ['server/faults/**/*.fault.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
