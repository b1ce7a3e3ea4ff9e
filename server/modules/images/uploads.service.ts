/**
 * Uploads (product §7): upload sessions within the user's quotas, confirmation of the stored
 * files, and queueing the confirmed images for the thumbnail job.
 */
import crypto from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  IMAGE_CONTENT_TYPES,
  type ConfirmUploadResponse,
  type ImageFileExt,
  type UploadMetadata,
  type UploadResponse,
} from '#domain/images';
import type { Db } from '../../db/client.ts';
import { buildings, images, users } from '../../db/schema.ts';
import { badRequest, HttpProblem, notFound } from '../../http/errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { UploadQuotas } from '../../config/storage.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { conflictProblem, ownedImages, storedKeys } from './images.service.ts';
import { purgeStaleUploads } from './purge.service.ts';
import type { ThumbnailPayload } from './thumbnail.job.ts';

/** What uploads need of the job queue: enqueueing thumbnail jobs. */
export type ThumbnailQueue = Pick<Queue<{ thumbnail: ThumbnailPayload }>, 'enqueueAll'>;

/**
 * Storage key of an original: `originals/<building>/<uuid><ext>`, in the private area (never
 * served: it keeps the uploader's EXIF, GPS included). The upload URL writes there too, so a file
 * is never public before it is confirmed and processed.
 */
export function originalKey(buildingId: number, ext: ImageFileExt): string {
  return `originals/${buildingId}/${crypto.randomUUID()}${ext}`;
}

const MIB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= 1024 * MIB ? `${(bytes / (1024 * MIB)).toFixed(1)} GB` : `${Math.ceil(bytes / MIB)} MB`;

/**
 * The user's quotas for a new upload of `sizes` (bytes reserved per file): pending slots held at
 * once, and bytes uploaded in the last 24 hours (a slot reserves its declared size, or
 * MAX_UPLOAD_BYTES without one, until confirm-upload records the real size). Call inside a
 * transaction that locked the user's row, so two requests cannot both take the last room.
 */
async function checkUploadQuotas(
  tx: Db,
  userId: number,
  sizes: number[],
  quotas: UploadQuotas,
): Promise<void> {
  const [usage] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${images.status} = 'pending')`.mapWith(Number),
      bytes:
        sql<number>`coalesce(sum(${images.size_bytes}) filter (where ${images.created_at} > now() - interval '1 day'), 0)`.mapWith(
          Number,
        ),
    })
    .from(images)
    .where(eq(images.added_by, userId));
  const pending = usage?.pending ?? 0;
  if (pending + sizes.length > quotas.pendingMaxPerUser) {
    throw new HttpProblem(
      429,
      `You have ${pending} unfinished uploads and may have at most ${quotas.pendingMaxPerUser} at once. ` +
        'Please let them finish (unfinished uploads are cleared after a while) and try again.',
    );
  }
  const bytes = usage?.bytes ?? 0;
  const asked = sizes.reduce((a, b) => a + b, 0);
  if (bytes + asked > quotas.bytesPerUserPerDay) {
    throw new HttpProblem(
      429,
      `Daily upload limit reached: you may upload ${sizeText(quotas.bytesPerUserPerDay)} in 24 hours ` +
        `and have used ${sizeText(bytes)}; these files need ${sizeText(asked)}. Please try again later.`,
    );
  }
}

/**
 * Product §7, POST /upload: pending images and one upload URL each, within the user's quotas. Each
 * image reserves its declared fileSize (else MAX_UPLOAD_BYTES) in size_bytes until confirmed.
 */
export async function createUploadSession(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  buildingId: number,
  metadata: UploadMetadata[],
  quotas: UploadQuotas,
): Promise<UploadResponse> {
  const tooLarge = metadata.findIndex((m) => m.fileSize !== undefined && m.fileSize > storage.maxUploadBytes);
  if (tooLarge >= 0) {
    throw new HttpProblem(
      413,
      `File ${tooLarge + 1} is larger than ${sizeText(storage.maxUploadBytes)} (${storage.maxUploadBytes} bytes).`,
    );
  }
  if (storage.kind === 's3' && metadata.some((m) => m.fileSize === undefined)) {
    throw badRequest('Each file needs its fileSize: upload URLs are signed for the size of the file.');
  }
  const [building] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  if (!building) throw notFound('Building not found');
  // This user's abandoned slots first, so they do not hold the pending quota until the next purge.
  await purgeStaleUploads(db, storage, { olderThanSeconds: quotas.pendingTtlSeconds, userId });
  const sizes = metadata.map((m) => m.fileSize ?? storage.maxUploadBytes);
  const rows = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await checkUploadQuotas(tx, userId, sizes, quotas);
    return tx
      .insert(images)
      .values(
        metadata.map((m, i) => ({
          building_id: buildingId,
          added_by: userId,
          status: 'pending' as const,
          image_type: m.type,
          description: m.description,
          capture_year: m.captureYear,
          license: m.license,
          author: m.author,
          storage_key: originalKey(buildingId, m.fileExt),
          file_ext: m.fileExt,
          content_type: IMAGE_CONTENT_TYPES[m.fileExt],
          size_bytes: sizes[i]!,
        })),
      )
      .returning({ id: images.id, storage_key: images.storage_key, content_type: images.content_type });
  });
  const slots = await Promise.all(
    rows.map((r, i) => storage.createUploadUrl(r.storage_key, r.content_type!, metadata[i]!.fileSize)),
  );
  return {
    uploadUrls: slots.map((s) => ({
      url: s.url,
      method: 'PUT' as const,
      content_type: s.contentType,
      expires_at: s.expiresAt.toISOString(),
    })),
    images: rows.map((r) => ({ id: r.id })),
  };
}

/** The image waiting for an upload to `storageKey` (its status and declared size), if any. */
export async function imageAwaitingUpload(
  db: Db,
  storageKey: string,
): Promise<{ status: string; size_bytes: number | null } | undefined> {
  const [image] = await db
    .select({ status: images.status, size_bytes: images.size_bytes })
    .from(images)
    .where(eq(images.storage_key, storageKey));
  return image;
}

/**
 * Product §7, POST /confirm-upload. Successful ids whose file is stored become `uploaded` (already
 * confirmed ones are reported again); failed ids are deleted with any partial file.
 */
export async function confirmUpload(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  successfulIds: number[],
  failedIds: number[],
): Promise<ConfirmUploadResponse> {
  const ids = [...new Set([...successfulIds, ...failedIds])];
  const rows = await ownedImages(db, userId, ids);
  const failed = new Set(failedIds);
  const notPending = rows.filter((r) => failed.has(r.id) && r.status !== 'pending');
  if (notPending.length) {
    throw conflictProblem(
      `Only pending images can be reported failed: ${notPending.map((r) => r.id).join(', ')}`,
    );
  }
  const result: ConfirmUploadResponse = { uploaded: [], missing: [], deleted: [] };
  for (const row of rows.filter((r) => !failed.has(r.id))) {
    if (row.status !== 'pending') {
      result.uploaded.push(row.id);
      continue;
    }
    const stored = await storage.stat(row.storage_key);
    if (!stored) {
      result.missing.push(row.id);
      continue;
    }
    const [updated] = await db
      .update(images)
      .set({ status: 'uploaded', size_bytes: stored.size, updated_at: sql`now()` })
      .where(and(eq(images.id, row.id), eq(images.status, 'pending')))
      .returning({ id: images.id });
    // A concurrent confirmation got there first: either way it is uploaded now.
    result.uploaded.push(updated?.id ?? row.id);
  }
  const toDelete = rows.filter((r) => failed.has(r.id)).map((r) => r.id);
  if (toDelete.length) {
    const gone = await db
      .delete(images)
      .where(and(inArray(images.id, toDelete), eq(images.status, 'pending')))
      .returning({ id: images.id, storage_key: images.storage_key, renditions: images.renditions });
    await storage.delete(gone.flatMap(storedKeys));
    result.deleted.push(...gone.map((g) => g.id));
  }
  return result;
}

/**
 * Product §7, POST /process-uploaded: marks the user's uploaded images `processing`, then (after the
 * commit: jobs/README.md) enqueues one thumbnail task each. A user may have at most
 * `maxQueuedPerUser` images processing at once (429 beyond), and each task's priority is minus the
 * number of that user's images already waiting before it, so the queue takes every user's first
 * image before anyone's second: one user's many images do not hold back another user's few.
 */
export async function processUploaded(
  db: Db,
  queue: ThumbnailQueue,
  userId: number,
  imageIds: number[],
  maxQueuedPerUser: number,
): Promise<{ task_id: string; image_id: number }[]> {
  const ids = [...new Set(imageIds)];
  const rows = await ownedImages(db, userId, ids);
  const waiting = rows.filter((r) => r.status !== 'uploaded');
  if (waiting.length) {
    throw conflictProblem(
      `Only uploaded (confirmed) images can be processed: ${waiting.map((r) => `${r.id} is ${r.status}`).join(', ')}`,
    );
  }
  const giveBack = (claimedIds: number[]) =>
    db
      .update(images)
      .set({ status: 'uploaded' })
      .where(and(inArray(images.id, claimedIds), eq(images.status, 'processing')));
  const claimed = await db
    .update(images)
    .set({ status: 'processing', updated_at: sql`now()` })
    .where(and(inArray(images.id, ids), eq(images.status, 'uploaded')))
    .returning({ id: images.id });
  if (claimed.length !== ids.length) {
    // A concurrent request claimed some: give back ours and let the client ask again.
    await giveBack(claimed.map((c) => c.id));
    throw conflictProblem('Some of these images are already being processed.');
  }
  // Counted after the claim, so two concurrent requests each see the other's images.
  const [queued] = await db
    .select({ n: count() })
    .from(images)
    .where(and(eq(images.added_by, userId), eq(images.status, 'processing')));
  const before = (queued?.n ?? ids.length) - ids.length;
  if (before + ids.length > maxQueuedPerUser) {
    await giveBack(ids);
    throw new HttpProblem(
      429,
      `You have ${before} images waiting to be processed and may have at most ${maxQueuedPerUser}. ` +
        'Please try again when some of them are done.',
    );
  }
  // One insert for the batch: all of its tasks are queued, or none and the images go back.
  let taskIds: string[];
  try {
    taskIds = await queue.enqueueAll(
      'thumbnail',
      ids.map((id, i) => ({ payload: { imageId: id }, options: { priority: -(before + i) } })),
    );
  } catch (err) {
    await giveBack(ids);
    throw err;
  }
  return ids.map((id, i) => ({ task_id: taskIds[i]!, image_id: id }));
}
