/**
 * The purge of unfinished uploads: images still pending or confirmed but never processed after
 * UPLOAD_PENDING_TTL_SECONDS lose their files (the purge-uploads job, and each new upload session
 * for its user's own abandoned slots).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { storedKeys } from './images.service.ts';

/**
 * Purges unfinished uploads not touched for `olderThanSeconds` (all users, or one): images still
 * pending (never confirmed) or uploaded (confirmed, never processed). Their files go; a row whose
 * file had arrived stays as `failed` with the bytes it took, so the daily quota still counts them,
 * and a row with no file is deleted. At most `limit` rows per call (the scheduled job repeats).
 */
export async function purgeStaleUploads(
  db: Db,
  storage: ObjectStorage,
  { olderThanSeconds, userId, limit = 500 }: { olderThanSeconds: number; userId?: number; limit?: number },
): Promise<{ deleted: number; failed: number }> {
  const cutoff = new Date(Date.now() - olderThanSeconds * 1000);
  const stale = await db
    .select({ id: images.id, storage_key: images.storage_key, renditions: images.renditions })
    .from(images)
    .where(
      and(
        inArray(images.status, ['pending', 'uploaded']),
        lt(images.updated_at, cutoff),
        userId === undefined ? undefined : eq(images.added_by, userId),
      ),
    )
    .orderBy(images.id)
    .limit(limit);
  let deleted = 0;
  let failed = 0;
  for (const row of stale) {
    const stored = await storage.stat(row.storage_key);
    // The status condition leaves alone an image confirmed or processed since it was read.
    const still = and(eq(images.id, row.id), inArray(images.status, ['pending', 'uploaded']));
    if (stored) {
      const [marked] = await db
        .update(images)
        .set({
          status: 'failed',
          failure_reason: 'The upload was not finished in time.',
          size_bytes: stored.size,
          updated_at: sql`now()`,
        })
        .where(still)
        .returning({ id: images.id });
      if (!marked) continue;
      failed++;
    } else {
      const [gone] = await db.delete(images).where(still).returning({ id: images.id });
      if (!gone) continue;
      deleted++;
    }
    await storage.delete(storedKeys(row));
  }
  return { deleted, failed };
}
