import { describe, expect, it } from 'vitest';
import { appJobs, appJobSchedules } from './app-jobs.ts';
import { PURGE_UPLOADS_EVERY_SECONDS } from './modules/images/purge-uploads.job.ts';

describe("the application's jobs", () => {
  it('are the images module’s thumbnail and purge jobs', () => {
    expect(appJobs.map((job) => job.name)).toEqual(['thumbnail', 'purge-uploads']);
  });

  it('purge unfinished uploads periodically, older than UPLOAD_PENDING_TTL_SECONDS', () => {
    expect(appJobSchedules({ storage: { quotas: { pendingTtlSeconds: 7200 } } })).toEqual([
      {
        name: 'purge-uploads',
        payload: { olderThanSeconds: 7200 },
        everySeconds: PURGE_UPLOADS_EVERY_SECONDS,
      },
    ]);
  });
});
