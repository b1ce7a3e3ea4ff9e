/**
 * Processing (the thumbnail job's work): an uploaded image is validated and gets its WebP
 * renditions, then is marked ready with its building's image count and cover, or failed with a
 * reason its uploader reads.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { RENDITION_SIZES } from '#domain/images';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { PermanentJobError, type JobContext } from '../../jobs/job.ts';
import { imageProcessor } from './image-processor.ts';
import { type ImageRow, lockBuilding, refreshBuildingImages } from './images.service.ts';
import { ImageRejectedError } from './renditions.ts';

/**
 * Storage keys of a new set of renditions: `images/<building>/<token>-<size>.webp` with a fresh
 * random token per file, unrelated to the original's key and to each other, so no public URL
 * leads to the original or to another file.
 */
export function newRenditionKeys(buildingId: number): Record<string, string> {
  return Object.fromEntries(
    RENDITION_SIZES.map((size) => [String(size), `images/${buildingId}/${crypto.randomUUID()}-${size}.webp`]),
  );
}

export type ImageForProcessing = Pick<
  ImageRow,
  'id' | 'building_id' | 'status' | 'storage_key' | 'capture_year' | 'renditions'
>;

export async function imageForProcessing(db: Db, id: number): Promise<ImageForProcessing | null> {
  const [row] = await db
    .select({
      id: images.id,
      building_id: images.building_id,
      status: images.status,
      storage_key: images.storage_key,
      capture_year: images.capture_year,
      renditions: images.renditions,
    })
    .from(images)
    .where(eq(images.id, id));
  return row ?? null;
}

export interface ReadyImage {
  width: number;
  height: number;
  sizeBytes: number;
  renditions: Record<string, string>;
  /** Filled in only where the uploader gave none. */
  exifYear: number | null;
}

/**
 * Marks an image ready and updates its building's count and cover, in one transaction.
 * False when the image is gone or no longer being processed (deleted meanwhile).
 */
export async function markImageReady(db: Db, image: ImageForProcessing, ready: ReadyImage): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockBuilding(tx, image.building_id);
    const [row] = await tx
      .update(images)
      .set({
        status: 'ready',
        failure_reason: null,
        width: ready.width,
        height: ready.height,
        size_bytes: ready.sizeBytes,
        renditions: ready.renditions,
        capture_year: sql`coalesce(${images.capture_year}, ${ready.exifYear}::integer)`,
        updated_at: sql`now()`,
      })
      .where(and(eq(images.id, image.id), inArray(images.status, ['uploaded', 'processing'])))
      .returning({ id: images.id });
    if (!row) return false;
    await refreshBuildingImages(tx, image.building_id);
    return true;
  });
}

/** Marks an image failed with a reason the uploader may read. A ready image stays ready. */
export async function markImageFailed(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(images)
    .set({ status: 'failed', failure_reason: reason.slice(0, 500), updated_at: sql`now()` })
    .where(and(eq(images.id, id), inArray(images.status, ['pending', 'uploaded', 'processing'])));
}

/**
 * The thumbnail job's attempt for one image. Each attempt writes its renditions whole
 * (storage.write) under fresh random keys (newRenditionKeys) and removes them if it does not end
 * with the image ready. The original stays in the private area (kept for reprocessing, never
 * served). The image is decoded in a child process (image-processor.ts), within the bounds of
 * renditions.ts: an image whose frames × pixels exceed the limit, or that kills its process, fails
 * at once (PermanentJobError, no retry) with a reason the uploader reads, and its file is deleted;
 * storage or database errors are thrown for a retry, and the image is marked failed when the last
 * attempt fails. The result is kept as the job's output.
 */
export async function processImageUpload(
  imageId: number,
  { db, storage, log, isLastAttempt }: Pick<JobContext, 'db' | 'storage' | 'log' | 'isLastAttempt'>,
): Promise<Record<string, unknown>> {
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
}
