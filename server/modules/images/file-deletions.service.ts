/**
 * The outbox of stored files to remove (file_deletions, migration 0012). A deleter queues the keys
 * of the files its rows named inside its transaction (queueFileDeletions), then, after the commit,
 * removes them (removeQueuedFiles with those keys). Whatever a crash or a storage failure left
 * queued, the purge-file-deletions job removes later (removeQueuedFiles without keys), so a file
 * is never removed before its rows are gone and never forgotten after.
 */
import { asc, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileDeletions } from '../../db/schema.ts';
import type { ObjectStorage } from '../../storage/storage.ts';

/**
 * Queues files for removal; call inside the transaction that removes the rows naming them. With
 * `removeAfter` the job leaves them until then (an upload URL that may still bring the file).
 */
export async function queueFileDeletions(
  tx: Db,
  keys: readonly string[],
  { removeAfter = null }: { removeAfter?: Date | null } = {},
): Promise<void> {
  const unique = [...new Set(keys)];
  // Bounded statements: an account may have thousands of files.
  for (let i = 0; i < unique.length; i += 1000) {
    await tx
      .insert(fileDeletions)
      .values(unique.slice(i, i + 1000).map((storage_key) => ({ storage_key, remove_after: removeAfter })))
      .onConflictDoNothing();
  }
}

export interface RemovedFiles {
  removed: number;
  failed: number;
}

/**
 * Removes queued files from storage, then their queue rows: the given keys (a deleter right after
 * its commit), or the oldest `limit` queued ones that are due (the job). A storage failure leaves
 * the rows queued, counting the attempt, for the next run.
 */
export async function removeQueuedFiles(
  db: Db,
  storage: ObjectStorage,
  { keys, limit = 500 }: { keys?: readonly string[]; limit?: number } = {},
): Promise<RemovedFiles> {
  const batch =
    keys !== undefined
      ? [...new Set(keys)]
      : (
          await db
            .select({ key: fileDeletions.storage_key })
            .from(fileDeletions)
            .where(or(isNull(fileDeletions.remove_after), lte(fileDeletions.remove_after, sql`now()`)))
            .orderBy(asc(fileDeletions.queued_at), asc(fileDeletions.storage_key))
            .limit(limit)
        ).map((r) => r.key);
  let removed = 0;
  for (let i = 0; i < batch.length; i += 1000) {
    const chunk = batch.slice(i, i + 1000);
    try {
      // Missing files are fine (storage.delete), so a second removal of the same key is harmless.
      await storage.delete(chunk);
    } catch (err) {
      await db
        .update(fileDeletions)
        .set({ attempts: sql`${fileDeletions.attempts} + 1`, last_error: String(err).slice(0, 1000) })
        .where(inArray(fileDeletions.storage_key, chunk));
      return { removed, failed: batch.length - removed };
    }
    await db.delete(fileDeletions).where(inArray(fileDeletions.storage_key, chunk));
    removed += chunk.length;
  }
  return { removed, failed: 0 };
}
