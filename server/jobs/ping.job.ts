/**
 * Ping: a diagnostic job that keeps its payload as its output. Tests use it to exercise the queue,
 * and it is the template for new jobs (one file per job in its module, typed payload; README.md).
 */
import { z } from 'zod';
import { defineJob } from './job.ts';

export const pingPayload = z.object({ message: z.string().max(200) });
export type PingPayload = z.infer<typeof pingPayload>;

export const pingJob = defineJob({
  name: 'ping',
  payload: pingPayload,
  // A diagnostic answer is worthless late: no retries, and a short expiry.
  options: { retryLimit: 0, expireInSeconds: 60 },
  async handler(payload, { jobId, log }) {
    log.debug({ jobId, message: payload.message }, 'ping job ran');
    return { message: payload.message, receivedAt: new Date().toISOString() };
  },
});
