/**
 * The images module's jobs, for the processes that run workers (server/app-jobs.ts): the
 * thumbnail job, the periodic purge of unfinished uploads, and the periodic removal of the
 * files deletions left queued (file_deletions).
 */
import type { ScheduledJob } from '../../jobs/workers.ts';
import type { UploadQuotas } from '../../config/storage.ts';
import {
  PURGE_UPLOADS_EVERY_SECONDS,
  purgeUploadsJob,
  type PurgeUploadsPayload,
} from './purge-uploads.job.ts';
import {
  PURGE_FILE_DELETIONS_EVERY_SECONDS,
  purgeFileDeletionsJob,
  type PurgeFileDeletionsPayload,
} from './purge-file-deletions.job.ts';
import { thumbnailJob } from './thumbnail.job.ts';

export const imageJobs = [thumbnailJob, purgeUploadsJob, purgeFileDeletionsJob] as const;

/**
 * The purge runs every PURGE_UPLOADS_EVERY_SECONDS, for uploads older than UPLOAD_PENDING_TTL_SECONDS;
 * the queued file removals every PURGE_FILE_DELETIONS_EVERY_SECONDS.
 */
export function imageJobSchedules(
  quotas: Pick<UploadQuotas, 'pendingTtlSeconds'>,
): ScheduledJob<{
  'purge-uploads': PurgeUploadsPayload;
  'purge-file-deletions': PurgeFileDeletionsPayload;
}>[] {
  return [
    {
      name: 'purge-uploads',
      payload: { olderThanSeconds: quotas.pendingTtlSeconds },
      everySeconds: PURGE_UPLOADS_EVERY_SECONDS,
    },
    { name: 'purge-file-deletions', payload: {}, everySeconds: PURGE_FILE_DELETIONS_EVERY_SECONDS },
  ];
}
