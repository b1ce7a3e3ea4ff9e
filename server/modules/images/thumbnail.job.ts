/**
 * Thumbnail: validates an uploaded image and writes its WebP renditions (400 px and 1600 px long
 * side), then marks it ready and updates its building's image count and cover
 * (processing.service.ts `processImageUpload`). A file that is not an accepted image fails at once
 * (no retry); storage or database errors are retried.
 */
import { z } from 'zod';
import { ID_MAX } from '#domain/query-params';
import { defineJob } from '../../jobs/job.ts';
import { processImageUpload } from './processing.service.ts';

export const thumbnailPayload = z.object({ imageId: z.number().int().positive().max(ID_MAX) });
export type ThumbnailPayload = z.infer<typeof thumbnailPayload>;

export const thumbnailJob = defineJob({
  name: 'thumbnail',
  payload: thumbnailPayload,
  // Transient failures (storage, database) get three more tries over about half a minute.
  options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  handler: ({ imageId }, context) => processImageUpload(imageId, context),
});
