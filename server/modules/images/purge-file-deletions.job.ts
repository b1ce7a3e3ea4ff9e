/**
 * Removes the stored files still queued in file_deletions: those whose deleter crashed or whose
 * storage failed between the database commit and the removal (file-deletions.service.ts).
 * Scheduled by the processes that run workers (images.jobs.ts, every PURGE_FILE_DELETIONS_EVERY_SECONDS).
 */
import { z } from 'zod';
import { defineJob, PERIODIC_JOB_POLLING_SECONDS } from '../../jobs/job.ts';
import { removeQueuedFiles } from './file-deletions.service.ts';

/** How often the queue is emptied. */
export const PURGE_FILE_DELETIONS_EVERY_SECONDS = 300;
const BATCH = 500;
/** Batches per run at most, so a storage that keeps failing does not hold a worker. */
const MAX_BATCHES = 20;

export const purgeFileDeletionsPayload = z.object({});
export type PurgeFileDeletionsPayload = z.infer<typeof purgeFileDeletionsPayload>;

export const purgeFileDeletionsJob = defineJob({
  name: 'purge-file-deletions',
  payload: purgeFileDeletionsPayload,
  // The next period runs it again anyway.
  options: { retryLimit: 0, expireInSeconds: 600 },
  // One run per period needs one worker, and no poll every 2 s: the schedule enqueues where it runs.
  workers: { concurrency: 1, pollingIntervalSeconds: PERIODIC_JOB_POLLING_SECONDS },
  async handler(_payload, { db, storage, log }) {
    const total = { removed: 0, failed: 0 };
    for (let n = 0; n < MAX_BATCHES; n++) {
      const done = await removeQueuedFiles(db, storage, { limit: BATCH });
      total.removed += done.removed;
      total.failed += done.failed;
      if (done.failed > 0 || done.removed < BATCH) break;
    }
    if (total.failed > 0) log.warn(total, 'could not remove some deleted files; the next run retries');
    else if (total.removed > 0) log.info(total, 'removed deleted files');
    return total;
  },
});
