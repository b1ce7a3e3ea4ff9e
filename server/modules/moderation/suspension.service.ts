/**
 * Suspending users (moderators): the account keeps its content but cannot sign in or write; its
 * sessions end at once. Logged with the reason.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { appendLog } from './moderation-log.ts';
import type { Viewer } from '../../db/visibility.ts';

export async function suspendUser(
  db: Db,
  moderator: Viewer,
  userId: number,
  reason: string,
  until: Date | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        suspended_at: new Date(),
        suspended_until: until,
        suspension_reason: reason,
        suspended_by: moderator.id,
        updated_at: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.user_id, userId));
    const note = until ? `${reason} (until ${until.toISOString()})` : reason;
    await appendLog(tx, {
      actorId: moderator.id,
      action: 'suspend',
      targetType: 'user',
      targetId: userId,
      note,
    });
  });
}

export async function unsuspendUser(db: Db, moderator: Viewer, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        suspended_at: null,
        suspended_until: null,
        suspension_reason: null,
        suspended_by: null,
        updated_at: new Date(),
      })
      .where(eq(users.id, userId));
    await appendLog(tx, { actorId: moderator.id, action: 'unsuspend', targetType: 'user', targetId: userId });
  });
}
