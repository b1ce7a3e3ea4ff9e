/**
 * Images: upload sessions, confirmation, processing requests, deletion, and what the thumbnail
 * job records. Building counters (image_count, cover) change in the same transaction as the
 * image, with the building row locked first so concurrent changes count each other.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  IMAGE_CONTENT_TYPES,
  type ConfirmUploadResponse,
  type ImageFileExt,
  type UploadMetadata,
  type UploadResponse,
} from '#domain/images';
import type { Db } from '../../db/client.ts';
import { buildings, images } from '../../db/schema.ts';
import { forbidden, HttpProblem, notFound } from '../../http/errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { deleteCommentsOn } from '../comments/comments.service.ts';
import { deleteVotesOn } from '../votes/votes.service.ts';

type ImageRow = typeof images.$inferSelect;

/** Storage key of an original: `images/<building>/<uuid><ext>`. */
export function originalKey(buildingId: number, ext: ImageFileExt): string {
  return `images/${buildingId}/${crypto.randomUUID()}${ext}`;
}

/** Storage key of a rendition, beside its original: `images/<building>/<uuid>-<size>.webp`. */
export function renditionKey(original: string, size: number): string {
  return original.replace(/\.[a-z]+$/, `-${size}.webp`);
}

/** Every stored file of an image: the original and its renditions. */
export function storedKeys(image: Pick<ImageRow, 'storage_key' | 'renditions'>): string[] {
  return [image.storage_key, ...Object.values(image.renditions)];
}

const conflictProblem = (detail: string) => new HttpProblem(409, detail);

/**
 * Recounts a building's ready images and keeps its cover when that is still ready, else takes the
 * first ready image. Call inside a transaction that locked the building first (lockBuilding).
 */
async function refreshBuildingImages(tx: Db, buildingId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE buildings b SET
      image_count = (SELECT count(*) FROM images i WHERE i.building_id = b.id AND i.status = 'ready'),
      cover_image_id = CASE
        WHEN EXISTS (SELECT 1 FROM images c WHERE c.id = b.cover_image_id AND c.status = 'ready')
          THEN b.cover_image_id
        ELSE (SELECT f.id FROM images f WHERE f.building_id = b.id AND f.status = 'ready'
              ORDER BY f.created_at, f.id LIMIT 1)
      END
    WHERE b.id = ${buildingId}`);
}

/**
 * Locks the building row for the rest of the transaction. Taken before any image change, so the
 * recount that follows sees every earlier transaction's images (READ COMMITTED takes a new
 * snapshot per statement).
 */
async function lockBuilding(tx: Db, buildingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId))
    .for('update');
  return row !== undefined;
}

/** Images by id, all of them the user's: 404 for an unknown id, 403 for someone else's. */
async function ownedImages(db: Db, userId: number, ids: number[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(images).where(inArray(images.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`Image not found: ${missing.join(', ')}`);
  if (rows.some((r) => r.added_by !== userId))
    throw forbidden('Only the user who uploaded an image can do this.');
  return ids.map((id) => byId.get(id)!);
}

/**
 * Pending images of this user whose upload URL expired long ago: their upload never finished.
 * Cleared when the user starts a new upload, so abandoned slots do not pile up.
 */
async function clearStalePending(db: Db, storage: ObjectStorage, userId: number, ttlSeconds: number) {
  const cutoff = new Date(Date.now() - (ttlSeconds + 3600) * 1000);
  const stale = await db
    .delete(images)
    .where(and(eq(images.added_by, userId), eq(images.status, 'pending'), lt(images.created_at, cutoff)))
    .returning({ storage_key: images.storage_key, renditions: images.renditions });
  await storage.delete(stale.flatMap(storedKeys));
}

/** Spec 7, POST /upload: pending images and one upload URL each. */
export async function createUploadSession(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  buildingId: number,
  metadata: UploadMetadata[],
  ttlSeconds: number,
): Promise<UploadResponse> {
  const [building] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  if (!building) throw notFound('Building not found');
  await clearStalePending(db, storage, userId, ttlSeconds);
  const rows = await db
    .insert(images)
    .values(
      metadata.map((m) => ({
        building_id: buildingId,
        added_by: userId,
        status: 'pending' as const,
        image_type: m.type,
        description: m.description,
        capture_year: m.captureYear,
        storage_key: originalKey(buildingId, m.fileExt),
        file_ext: m.fileExt,
        content_type: IMAGE_CONTENT_TYPES[m.fileExt],
      })),
    )
    .returning({ id: images.id, storage_key: images.storage_key, content_type: images.content_type });
  const slots = await Promise.all(rows.map((r) => storage.createUploadUrl(r.storage_key, r.content_type!)));
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

/**
 * Spec 7, POST /confirm-upload. Successful ids whose file is stored become `uploaded` (already
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
 * Spec 7, POST /process-uploaded: marks the user's uploaded images `processing`, then (after the
 * commit: jobs/README.md) enqueues one thumbnail task each.
 */
export async function processUploaded(
  db: Db,
  queue: Queue,
  userId: number,
  imageIds: number[],
): Promise<{ task_id: string; image_id: number }[]> {
  const ids = [...new Set(imageIds)];
  const rows = await ownedImages(db, userId, ids);
  const waiting = rows.filter((r) => r.status !== 'uploaded');
  if (waiting.length) {
    throw conflictProblem(
      `Only uploaded (confirmed) images can be processed: ${waiting.map((r) => `${r.id} is ${r.status}`).join(', ')}`,
    );
  }
  const claimed = await db
    .update(images)
    .set({ status: 'processing', updated_at: sql`now()` })
    .where(and(inArray(images.id, ids), eq(images.status, 'uploaded')))
    .returning({ id: images.id });
  if (claimed.length !== ids.length) {
    // A concurrent request claimed some: give back ours and let the client ask again.
    await db
      .update(images)
      .set({ status: 'uploaded' })
      .where(
        and(
          inArray(
            images.id,
            claimed.map((c) => c.id),
          ),
          eq(images.status, 'processing'),
        ),
      );
    throw conflictProblem('Some of these images are already being processed.');
  }
  const results: { task_id: string; image_id: number }[] = [];
  try {
    for (const id of ids)
      results.push({ task_id: await queue.enqueue('thumbnail', { imageId: id }), image_id: id });
  } catch (err) {
    const queued = new Set(results.map((r) => r.image_id));
    const notQueued = ids.filter((id) => !queued.has(id));
    await db
      .update(images)
      .set({ status: 'uploaded' })
      .where(and(inArray(images.id, notQueued), eq(images.status, 'processing')));
    throw err;
  }
  return results;
}

/**
 * Spec 7, DELETE /{id}: the uploader only. Returns the image's stored keys, for the caller to
 * remove from storage after the commit.
 */
export async function deleteImage(db: Db, userId: number, id: number): Promise<string[]> {
  const [image] = await ownedImages(db, userId, [id]);
  const removed = await db.transaction(async (tx) => {
    await lockBuilding(tx, image!.building_id);
    const [row] = await tx
      .delete(images)
      .where(and(eq(images.id, id), eq(images.added_by, userId)))
      .returning({
        storage_key: images.storage_key,
        renditions: images.renditions,
        building_id: images.building_id,
      });
    if (!row) return null;
    await deleteVotesOn(tx, 'image', [id]);
    await deleteCommentsOn(tx, 'image', id);
    await refreshBuildingImages(tx, row.building_id);
    return row;
  });
  if (!removed) throw notFound('Image not found');
  return storedKeys(removed);
}

// ---------------------------------------------------------------------------------------------
// What the thumbnail job records

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
