/**
 * Every job the queue knows. Add a job: write <name>.job.ts, then list it here. The
 * diagnostic `ping` is a test job: only a queue made with NODE_ENV=test registers it.
 */
import type { JobDefinition, PayloadOf } from './job.ts';
import { pingJob } from './ping.job.ts';
import { purgeUploadsJob } from './purge-uploads.job.ts';
import { thumbnailJob } from './thumbnail.job.ts';

const productionDefinitions = [thumbnailJob, purgeUploadsJob] as const;
const testDefinitions = [pingJob] as const;
const definitions = [...productionDefinitions, ...testDefinitions] as const;

export type AnyJobDefinition = (typeof definitions)[number];
export type JobName = AnyJobDefinition['name'];

/** Job name → payload type; `enqueue` and `work` are checked against it. */
export type JobDefinitions = { [D in AnyJobDefinition as D['name']]: PayloadOf<D> };

/** The jobs a queue registers: the test jobs only when `testJobs` (NODE_ENV=test). */
export function registeredJobs({ testJobs }: { testJobs: boolean }): readonly AnyJobDefinition[] {
  return testJobs ? definitions : productionDefinitions;
}

export function jobDefinition<N extends JobName>(name: N): JobDefinition<N, JobDefinitions[N]> {
  const definition = definitions.find((d) => d.name === name);
  if (!definition) throw new Error(`Unknown job ${name}`);
  return definition as unknown as JobDefinition<N, JobDefinitions[N]>;
}
