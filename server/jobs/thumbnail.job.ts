/**
 * Thumbnail: validates an uploaded image and writes its WebP renditions (400 px and 1600 px long
 * side), then marks it ready and updates its building's image count and cover. A file that is not
 * an accepted image fails at once (no retry) and its uploaded file is deleted; storage or database
 * errors are retried, and the image is marked failed when the last attempt fails. Each attempt
 * writes its renditions whole (storage.write) under fresh random keys (images.service.ts
 * newRenditionKeys) and removes them if it does not end with the image ready. The original stays
 * in the private area (kept for reprocessing, never served). The image is decoded in a child
 * process (image-processor.ts), within the bounds of renditions.ts: an image whose frames × pixels
 * exceed the limit, or that kills its process, fails at once with a reason the uploader reads.
 */
import { z } from 'zod';
import { ID_MAX } from '#domain/query-params';
import {
  imageForProcessing,
  markImageFailed,
  markImageReady,
  newRenditionKeys,
} from '../modules/images/images.service.ts';
import { imageProcessor } from '../modules/images/image-processor.ts';
import { ImageRejectedError } from '../modules/images/renditions.ts';
import { defineJob, PermanentJobError } from './job.ts';

export const thumbnailPayload = z.object({ imageId: z.number().int().positive().max(ID_MAX) });
export type ThumbnailPayload = z.infer<typeof thumbnailPayload>;

export const thumbnailJob = defineJob({
  name: 'thumbnail',
  payload: thumbnailPayload,
  // Transient failures (storage, database) get three more tries over about half a minute.
  options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  async handler({ imageId }, { db, storage, log, isLastAttempt }) {
    const image = await imageForProcessing(db, imageId);
    if (!image) return { imageId, skipped: 'deleted' };
    if (image.status === 'ready') return { imageId, skipped: 'ready' };
    if (image.status !== 'processing' && image.status !== 'uploaded') {
      throw new PermanentJobError(`Image ${imageId} is ${image.status}, not waiting for processing`);
    }
    const keys = newRenditionKeys(image.building_id);
    try {
      const stored = await storage.stat(image.storage_key);
      if (!stored) throw new ImageRejectedError('The uploaded file is missing');
      if (stored.size > storage.maxUploadBytes) {
        throw new ImageRejectedError(`The file is larger than ${storage.maxUploadBytes} bytes`);
      }
      // Decoded in an image process, never in this one (its memory goes back to the system when it
      // exits): on local disk it opens the original itself; from S3 the bytes go to it.
      const original = storage.localFile?.(image.storage_key) ?? (await storage.read(image.storage_key));
      const processed = await imageProcessor().process(original);
      for (const r of processed.renditions) await storage.write(keys[String(r.size)]!, r.data, 'image/webp');
      const done = await markImageReady(db, image, {
        width: processed.width,
        height: processed.height,
        sizeBytes: stored.size,
        renditions: keys,
        exifYear: processed.exifYear,
      });
      if (!done) {
        // Deleted while it was processed: its renditions have no row to be found by.
        await storage.delete(Object.values(keys));
        return { imageId, skipped: 'deleted' };
      }
      return { imageId, width: processed.width, height: processed.height, renditions: keys };
    } catch (err) {
      const rejected = err instanceof ImageRejectedError;
      if (rejected || isLastAttempt) {
        const reason = rejected ? err.message : 'The image could not be processed. Please try again.';
        await markImageFailed(db, imageId, reason);
      }
      // This attempt's renditions are nobody's (a retry writes new ones). A refused file (not an
      // accepted image, a decompression bomb, an SVG or HTML named .png) is not kept either.
      const doomed = rejected ? [image.storage_key, ...Object.values(keys)] : Object.values(keys);
      await storage.delete(doomed).catch((cleanupErr: unknown) => {
        log.warn({ err: cleanupErr, imageId }, 'could not remove the files of a failed attempt');
      });
      if (rejected) throw new PermanentJobError(err.message, { cause: err });
      throw err;
    }
  },
});
