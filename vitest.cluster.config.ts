import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: 2 API processes and a worker on PostgreSQL and S3 (cluster/cluster.test.ts),
// and `npm start` itself under the signals a service manager sends (cluster/npm-start.test.ts).
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
