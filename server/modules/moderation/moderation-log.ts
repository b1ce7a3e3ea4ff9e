/** The moderation log: every moderator and admin action, appended in the action's transaction. */
import { desc, eq } from 'drizzle-orm';
import type { ModerationAction, ModerationLogEntry } from '#domain/moderation';
import type { Db } from '../../db/client.ts';
import { moderationLog, users } from '../../db/schema.ts';

/** A database or a transaction: the log row is written with the change it records. */
export type Writer = Pick<Db, 'insert' | 'update' | 'select' | 'delete' | 'execute'>;

export interface LogEntry {
  actorId: number | null;
  action: ModerationAction;
  targetType: string;
  targetId: number;
  note?: string | null | undefined;
}

export async function appendLog(db: Writer, entry: LogEntry): Promise<void> {
  await db.insert(moderationLog).values({
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    note: entry.note ?? null,
  });
}

/** One page of the log, newest first; `has_more` from one extra row. */
export async function listLog(
  db: Db,
  page: number,
  perPage: number,
): Promise<{ items: ModerationLogEntry[]; has_more: boolean }> {
  const rows = await db
    .select({
      id: moderationLog.id,
      created_at: moderationLog.created_at,
      handle: users.handle,
      action: moderationLog.action,
      target_type: moderationLog.target_type,
      target_id: moderationLog.target_id,
      note: moderationLog.note,
    })
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.actor_id))
    .orderBy(desc(moderationLog.created_at), desc(moderationLog.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
  return {
    items: rows.slice(0, perPage).map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      actor: r.handle === null ? null : { handle: r.handle },
      action: r.action as ModerationAction,
      target_type: r.target_type,
      target_id: r.target_id,
      note: r.note,
    })),
    has_more: rows.length > perPage,
  };
}
