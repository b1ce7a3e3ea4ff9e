/** The job worker: whether this process runs one, how busy, and the queue's upkeep. */
import { area, flag, integer, refuse, setting } from './setting.ts';
import { NODE_ENV } from './server.ts';

export const jobsSettings = area(
  {
    WORKER: setting(flag, {
      default: 'true',
      text: 'run the job worker inside the server process (`false` for API-only processes)',
    }),
    WORKER_CONCURRENCY: setting(integer(1, 64), { default: '2', text: 'jobs one worker runs at a time' }),
    JOB_MAINTENANCE_INTERVAL_SECONDS: setting(integer(1, 3600), {
      default: '120',
      text: "how often the queue gives back jobs of dead workers (after the job's expiry) and archives old ones",
    }),
    JOB_TEST_DELAY_MS: setting(integer(0, 600_000), {
      default: '0',
      text: 'test hook (the cluster test): every job waits this long before it runs; refused when `NODE_ENV=production`',
    }),
  },
  { NODE_ENV },
  (e, ctx) => {
    if (e.JOB_TEST_DELAY_MS > 0 && e.NODE_ENV === 'production') {
      return refuse(ctx, 'JOB_TEST_DELAY_MS', 'a test hook, not allowed when NODE_ENV=production');
    }
    return {
      /** Run the job workers inside this server process; false for API-only processes. */
      worker: e.WORKER,
      /** Jobs of each kind one process runs at the same time. */
      workerConcurrency: e.WORKER_CONCURRENCY,
      /** How often the queue fails jobs whose worker died (after the job's expiry) and archives old ones. */
      jobMaintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
      /** Test hook (cluster test): every job waits this long before its handler runs; 0 in production. */
      jobTestDelayMs: e.JOB_TEST_DELAY_MS,
    };
  },
);
