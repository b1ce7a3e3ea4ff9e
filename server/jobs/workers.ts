/** Puts every job the queue registered to work in this process (the server, or `npm run worker`). */
import type { JobServices } from './job.ts';
import type { Queue } from './queue.ts';
import type { JobMap, JobName } from './registry.ts';

export async function registerWorkers<Jobs extends JobMap>(
  queue: Queue<Jobs>,
  services: JobServices,
  concurrency: number,
  /** Test hook (JOB_TEST_DELAY_MS): each job waits this long before its handler, so a test can kill a worker mid-job. */
  testDelayMs = 0,
): Promise<void> {
  const register = <N extends JobName<Jobs>>(name: N) => {
    const definition = queue.definition(name);
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
      {
        concurrency: definition.workers?.concurrency ?? concurrency,
        ...(definition.workers?.pollingIntervalSeconds !== undefined
          ? { pollingIntervalSeconds: definition.workers.pollingIntervalSeconds }
          : {}),
      },
    );
  };
  for (const name of queue.jobNames) await register(name);
}

/** A job enqueued now and then every `everySeconds` (once per period across processes). */
export type ScheduledJob<Jobs extends JobMap> = {
  [N in JobName<Jobs>]: { name: N; payload: Jobs[N]; everySeconds: number };
}[JobName<Jobs>];

/** Starts the periodic jobs the modules ask for; called by the processes that run workers. */
export async function scheduleJobs<Jobs extends JobMap>(
  queue: Queue<Jobs>,
  schedules: readonly ScheduledJob<Jobs>[],
): Promise<void> {
  for (const { name, payload, everySeconds } of schedules) await queue.schedule(name, payload, everySeconds);
}
