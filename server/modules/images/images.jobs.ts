/**
 * The images module's jobs, for the processes that run workers (server/app-jobs.ts): the
 * thumbnail job, and the periodic purge of unfinished uploads.
 */
import type { ScheduledJob } from '../../jobs/workers.ts';
import type { UploadQuotas } from '../../config/storage.ts';
import {
  PURGE_UPLOADS_EVERY_SECONDS,
  purgeUploadsJob,
  type PurgeUploadsPayload,
} from './purge-uploads.job.ts';
import { thumbnailJob } from './thumbnail.job.ts';

export const imageJobs = [thumbnailJob, purgeUploadsJob] as const;

/** The purge runs every PURGE_UPLOADS_EVERY_SECONDS, for uploads older than UPLOAD_PENDING_TTL_SECONDS. */
export function imageJobSchedules(
  quotas: Pick<UploadQuotas, 'pendingTtlSeconds'>,
): ScheduledJob<{ 'purge-uploads': PurgeUploadsPayload }>[] {
  return [
    {
      name: 'purge-uploads',
      payload: { olderThanSeconds: quotas.pendingTtlSeconds },
      everySeconds: PURGE_UPLOADS_EVERY_SECONDS,
    },
  ];
}
