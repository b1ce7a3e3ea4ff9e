/**
 * The mechanism that lists a queue's jobs. The jobs themselves belong to the modules whose work
 * they do (server/modules/images: thumbnail, purge-uploads); the processes that run them
 * (server/app-jobs.ts, used by app.ts and worker.ts) pass them to `createQueue`. The diagnostic
 * `ping` is this folder's own test job: only a queue made with NODE_ENV=test registers it.
 */
import type { JobDefinition, PayloadOf } from './job.ts';
import { pingJob } from './ping.job.ts';

/** Job name → payload type; `enqueue` and `work` are checked against it. */
export type JobMap = Record<string, unknown>;

/** A queue's job names: the keys of its job map. */
export type JobName<Jobs extends JobMap> = keyof Jobs & string;

/** The job map of a list of definitions, with the test jobs every queue may register. */
export type JobMapOf<Defs extends readonly JobDefinition[]> = {
  [D in Defs[number] | typeof pingJob as D['name']]: PayloadOf<D>;
};

/** The definitions a queue registers: the given ones, and the test jobs only when `testJobs` (NODE_ENV=test). */
export function registeredJobs(
  definitions: readonly JobDefinition[],
  { testJobs }: { testJobs: boolean },
): readonly JobDefinition[] {
  const all = testJobs ? [...definitions, pingJob] : definitions;
  const names = all.map((d) => d.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`Job ${twice} is defined twice`);
  return all;
}
