import { describe, expect, it } from 'vitest';
import { appJobs, appJobSchedules } from './app-jobs.ts';
import { PURGE_UPLOADS_EVERY_SECONDS } from './modules/images/purge-uploads.job.ts';
import { PURGE_FILE_DELETIONS_EVERY_SECONDS } from './modules/images/purge-file-deletions.job.ts';

describe("the application's jobs", () => {
  it('are the images module’s thumbnail and purge jobs', () => {
    expect(appJobs.map((job) => job.name)).toEqual(['thumbnail', 'purge-uploads', 'purge-file-deletions']);
  });

  it('purge unfinished uploads, older than UPLOAD_PENDING_TTL_SECONDS, and queued file removals periodically', () => {
    expect(appJobSchedules({ storage: { quotas: { pendingTtlSeconds: 7200 } } })).toEqual([
      {
        name: 'purge-uploads',
        payload: { olderThanSeconds: 7200 },
        everySeconds: PURGE_UPLOADS_EVERY_SECONDS,
      },
      { name: 'purge-file-deletions', payload: {}, everySeconds: PURGE_FILE_DELETIONS_EVERY_SECONDS },
    ]);
  });
});
