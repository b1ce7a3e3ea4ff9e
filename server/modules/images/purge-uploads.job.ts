/**
 * Purge of unfinished uploads: images still pending or confirmed but never processed
 * after UPLOAD_PENDING_TTL_SECONDS lose their files, for every user. Scheduled by the processes
 * that run workers (images.jobs.ts, every PURGE_UPLOADS_EVERY_SECONDS), one run per period however
 * many processes there are.
 */
import { z } from 'zod';
import { defineJob, PERIODIC_JOB_POLLING_SECONDS } from '../../jobs/job.ts';
import { purgeStaleUploads } from './purge.service.ts';

/** How often the purge runs. */
export const PURGE_UPLOADS_EVERY_SECONDS = 600;
const BATCH = 500;

export const purgeUploadsPayload = z.object({ olderThanSeconds: z.number().int().min(60) });
export type PurgeUploadsPayload = z.infer<typeof purgeUploadsPayload>;

export const purgeUploadsJob = defineJob({
  name: 'purge-uploads',
  payload: purgeUploadsPayload,
  // The next period runs it again anyway.
  options: { retryLimit: 0, expireInSeconds: 600 },
  // One run per period needs one worker, and no poll every 2 s: the schedule enqueues where it runs.
  workers: { concurrency: 1, pollingIntervalSeconds: PERIODIC_JOB_POLLING_SECONDS },
  async handler({ olderThanSeconds }, { db, storage, log }) {
    const total = { deleted: 0, failed: 0 };
    for (;;) {
      const done = await purgeStaleUploads(db, storage, { olderThanSeconds, limit: BATCH });
      total.deleted += done.deleted;
      total.failed += done.failed;
      // Rows skipped because they changed meanwhile make a short batch too: the next run sees the rest.
      if (done.deleted + done.failed < BATCH) break;
    }
    if (total.deleted + total.failed > 0) log.info(total, 'purged unfinished uploads');
    return total;
  },
});
