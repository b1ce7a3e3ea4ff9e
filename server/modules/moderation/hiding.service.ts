/** Hiding and restoring content (moderators): sets hidden_at/hidden_by on the content's own row. */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { HideableType } from '#domain/moderation-terms';
import type { Db } from '../../db/client.ts';
import { buildings, comments, images } from '../../db/schema.ts';
import { appendLog, type Writer } from './moderation-log.ts';
import type { Viewer } from '../../db/visibility.ts';

const TABLES = { building: buildings, image: images, comment: comments } as const;

/**
 * Hides (or restores) one row. 'missing' when there is no such row, 'unchanged' when it already
 * was in that state. On buildings the grid and map-version triggers (migration 0009) follow.
 */
export async function setHidden(
  db: Writer,
  moderator: Viewer,
  type: HideableType,
  id: number,
  hidden: boolean,
): Promise<'missing' | 'changed' | 'unchanged'> {
  const table = TABLES[type];
  const changed = await db
    .update(table)
    .set(hidden ? { hidden_at: new Date(), hidden_by: moderator.id } : { hidden_at: null, hidden_by: null })
    .where(and(eq(table.id, id), hidden ? isNull(table.hidden_at) : isNotNull(table.hidden_at)))
    .returning({ id: table.id });
  if (changed.length > 0) return 'changed';
  const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return exists ? 'unchanged' : 'missing';
}

/** Restores hidden content and logs it; 'missing' when there is no such row. */
export async function restore(db: Db, moderator: Viewer, type: HideableType, id: number) {
  return db.transaction(async (tx) => {
    const result = await setHidden(tx, moderator, type, id, false);
    if (result === 'changed') {
      await appendLog(tx, { actorId: moderator.id, action: 'restore', targetType: type, targetId: id });
    }
    return result;
  });
}
