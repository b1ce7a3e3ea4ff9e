/**
 * Images: what every image operation shares (ownership checks, stored keys, the building's image
 * count and cover) and deletion. Uploads (uploads.service.ts), processing by the thumbnail job
 * (processing.service.ts) and the purge of unfinished uploads (purge.service.ts) build on it.
 * Building counters (image_count, cover) change in the same transaction as the image, with the
 * building row locked first so concurrent changes count each other.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buildings, images } from '../../db/schema.ts';
import { forbidden, HttpProblem, notFound } from '../../http/errors.ts';
import { isModerator, type Actor } from '#domain/roles';
import { appendLog } from '../moderation/moderation-log.ts';

export type ImageRow = typeof images.$inferSelect;

/** Every stored file of an image: the original and its renditions. */
export function storedKeys(image: Pick<ImageRow, 'storage_key' | 'renditions'>): string[] {
  return [image.storage_key, ...Object.values(image.renditions)];
}

export const conflictProblem = (detail: string) => new HttpProblem(409, detail);

/**
 * Recounts a building's ready images and keeps its cover when that is still ready, else takes the
 * first ready image. Call inside a transaction that locked the building first (lockBuilding).
 */
export async function refreshBuildingImages(tx: Db, buildingId: number): Promise<void> {
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
export async function lockBuilding(tx: Db, buildingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId))
    .for('update');
  return row !== undefined;
}

/**
 * Images by id, all of them the user's: 404 for an unknown id, 403 for someone else's. With
 * `hideOthersUnready` someone else's image that is not ready is a 404 too: only its uploader can
 * see it (GET /api/images/{id} answers 404 to the others), so an edit must not tell it exists.
 */
export async function ownedImages(
  db: Db,
  userId: number,
  ids: number[],
  { hideOthersUnready = false } = {},
): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(images).where(inArray(images.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => {
    const row = byId.get(id);
    return !row || (hideOthersUnready && row.added_by !== userId && row.status !== 'ready');
  });
  if (missing.length) throw notFound(`Image not found: ${missing.join(', ')}`);
  if (rows.some((r) => r.added_by !== userId))
    throw forbidden('Only the user who uploaded an image can do this.');
  return ids.map((id) => byId.get(id)!);
}

/**
 * Product §7, DELETE /{id}: the uploader, or a moderator (whose removal of someone else's image is
 * logged in the same transaction). Returns the image's stored keys, for the caller to remove from
 * storage after the commit.
 */
export async function deleteImage(db: Db, actor: Actor, id: number): Promise<string[]> {
  const [found] = await db.select().from(images).where(eq(images.id, id));
  // Someone else's image that is not ready exists only for its uploader (as GET answers).
  if (!found || (found.added_by !== actor.id && found.status !== 'ready')) throw notFound('Image not found');
  const moderating = found.added_by !== actor.id && isModerator(actor);
  if (found.added_by !== actor.id && !moderating)
    throw forbidden('Only the user who uploaded an image can do this.');
  const removed = await db.transaction(async (tx) => {
    await lockBuilding(tx, found.building_id);
    const [row] = await tx
      .delete(images)
      .where(and(eq(images.id, id), eq(images.added_by, found.added_by)))
      .returning({
        storage_key: images.storage_key,
        renditions: images.renditions,
        building_id: images.building_id,
      });
    // Votes and comments on it go with it (target cleanup triggers, migration 0007).
    if (!row) return null;
    await refreshBuildingImages(tx, row.building_id);
    if (moderating) {
      await appendLog(tx, {
        actorId: actor.id,
        action: 'delete',
        targetType: 'image',
        targetId: id,
        note: `an image of building ${row.building_id}`,
      });
    }
    return row;
  });
  if (!removed) throw notFound('Image not found');
  return storedKeys(removed);
}
