/** Puts every job the queue registered to work in this process (the server, or `npm run worker`). */
import type { UploadQuotas } from '../config/storage.ts';
import type { JobServices } from './job.ts';
import { PURGE_UPLOADS_EVERY_SECONDS } from './purge-uploads.job.ts';
import type { Queue } from './queue.ts';
import { jobDefinition, type JobName } from './registry.ts';

export async function registerWorkers(
  queue: Queue,
  services: JobServices,
  concurrency: number,
  /** Test hook (JOB_TEST_DELAY_MS): each job waits this long before its handler, so a test can kill a worker mid-job. */
  testDelayMs = 0,
): Promise<void> {
  const register = <N extends JobName>(name: N) => {
    const definition = jobDefinition(name);
    return queue.work(
      name,
      async (payload, job) => {
        if (testDelayMs > 0) {
          services.log.info(
            { job: job.id, name },
            `job started; waiting ${testDelayMs} ms (JOB_TEST_DELAY_MS)`,
          );
          await new Promise((resolve) => setTimeout(resolve, testDelayMs));
        }
        return definition.handler(payload, {
          ...services,
          jobId: job.id,
          isLastAttempt: job.retryCount >= job.retryLimit,
        });
      },
      { concurrency },
    );
  };
  for (const name of queue.jobNames) await register(name);
}

/** Starts the periodic jobs; called by the processes that run workers. */
export async function scheduleJobs(
  queue: Queue,
  quotas: Pick<UploadQuotas, 'pendingTtlSeconds'>,
): Promise<void> {
  await queue.schedule(
    'purge-uploads',
    { olderThanSeconds: quotas.pendingTtlSeconds },
    PURGE_UPLOADS_EVERY_SECONDS,
  );
}
