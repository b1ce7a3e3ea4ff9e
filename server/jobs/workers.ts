/** Puts every registered job's handler to work in this process (the server, or `npm run worker`). */
import type { JobServices } from './job.ts';
import type { Queue } from './queue.ts';
import { jobDefinition, jobDefinitions, type JobName } from './registry.ts';

export async function registerWorkers(
  queue: Queue,
  services: JobServices,
  concurrency: number,
): Promise<void> {
  const register = <N extends JobName>(name: N) => {
    const definition = jobDefinition(name);
    return queue.work(
      name,
      (payload, job) =>
        definition.handler(payload, {
          ...services,
          jobId: job.id,
          isLastAttempt: job.retryCount >= job.retryLimit,
        }),
      { concurrency },
    );
  };
  for (const { name } of jobDefinitions) await register(name);
}
