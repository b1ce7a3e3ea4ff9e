/**
 * The jobs this application runs, gathered from the modules that own them. The server (app.ts)
 * and `npm run worker` (worker.ts) both give them to the queue and put them to work; server/jobs
 * itself is the mechanism and knows no module's jobs.
 */
import type { QueueOf } from './jobs/queue.ts';
import type { ScheduledJob } from './jobs/workers.ts';
import type { JobMapOf } from './jobs/registry.ts';
import { imageJobs, imageJobSchedules } from './modules/images/images.jobs.ts';
import type { UploadQuotas } from './config/storage.ts';

export const appJobs = [...imageJobs] as const;

/** The queue of the application's jobs (`app.queue`). */
export type AppQueue = QueueOf<typeof appJobs>;

/** The periodic jobs the modules ask for. */
export function appJobSchedules(config: {
  storage: { quotas: Pick<UploadQuotas, 'pendingTtlSeconds'> };
}): ScheduledJob<JobMapOf<typeof appJobs>>[] {
  return [...imageJobSchedules(config.storage.quotas)];
}
