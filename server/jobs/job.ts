/** What every job file exports: its queue name, payload schema, retry policy and handler. */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { ObjectStorage } from '../storage/storage.ts';

/** Queue-level policy, applied to the job's pg-boss queue at every start. */
export interface JobQueueOptions {
  /** Retries after the first failure (pg-boss default 2). */
  retryLimit?: number;
  /** Seconds before a retry (0 = at the next poll). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job still active after this long is failed by maintenance and retried. */
  expireInSeconds?: number;
}

/** What a handler may use besides its payload. */
export interface JobServices {
  db: Db;
  log: FastifyBaseLogger;
  storage: ObjectStorage;
}

export interface JobContext extends JobServices {
  jobId: string;
  /** No retry follows if this attempt fails. */
  isLastAttempt: boolean;
}

/**
 * Thrown by a handler for a failure that no retry can fix (a file that is not an image): the
 * task ends FAILURE at once (pg-boss state `cancelled`) instead of being retried.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** How a process that runs workers runs this job, when not as registerWorkers does by default. */
export interface JobWorkerOptions {
  /** Jobs of this kind at once in each process (default WORKER_CONCURRENCY). */
  concurrency?: number;
  /**
   * How often an idle worker looks for a job (default 2 s). An enqueue in the worker's own process
   * wakes one at once; the poll only finds jobs other processes enqueued, and retries.
   */
  pollingIntervalSeconds?: number;
}

/** An idle worker of a periodic job looks for one this often (its own process wakes it at once). */
export const PERIODIC_JOB_POLLING_SECONDS = 30;

export interface JobDefinition<Name extends string = string, Payload = unknown> {
  name: Name;
  /** Checked when the job is enqueued and again when a worker takes it. */
  payload: z.ZodType<Payload>;
  options?: JobQueueOptions;
  workers?: JobWorkerOptions;
  /**
   * Throw to fail the attempt (it is retried up to retryLimit; a PermanentJobError is not retried);
   * the return value is kept as the job's output.
   */
  handler(payload: Payload, context: JobContext): Promise<unknown>;
}

/** Identity function that keeps the literal name and infers the payload type from the schema. */
export function defineJob<const Name extends string, Payload>(definition: JobDefinition<Name, Payload>) {
  return definition;
}

export type PayloadOf<D> = D extends JobDefinition<string, infer P> ? P : never;
