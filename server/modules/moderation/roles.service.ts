/** Setting a user's role outside the API (the CLI), logged like an admin's change. */
import { eq } from 'drizzle-orm';
import type { Role } from '#domain/roles';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { appendLog } from './moderation-log.ts';

export type SetRoleResult = { ok: true; previous: Role } | { ok: false; reason: 'missing' | 'system' };

/** Any role, admin included (the CLI is the operator's), except on the system account. */
export async function setRoleByHandle(db: Db, handle: string, role: Role): Promise<SetRoleResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role, is_system: users.is_system })
      .from(users)
      .where(eq(users.handle, handle))
      .for('update');
    if (!user) return { ok: false, reason: 'missing' };
    if (user.is_system) return { ok: false, reason: 'system' };
    await tx.update(users).set({ role, updated_at: new Date() }).where(eq(users.id, user.id));
    await appendLog(tx, {
      actorId: null,
      action: 'set_role',
      targetType: 'user',
      targetId: user.id,
      note: `${role} (command line)`,
    });
    return { ok: true, previous: user.role };
  });
}
