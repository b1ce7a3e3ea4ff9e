/** Users: sign-in lookups, unique handles, profile reads and handle changes. */
import { and, eq, gt, ne } from 'drizzle-orm';
import { DEMO_MODERATOR_HANDLE } from '#domain/auth';
import { isSuspended } from '#domain/moderation';
import type { Role } from '#domain/roles';
import { generatedHandle } from '#domain/generated-handle';
import { HANDLE_RESERVED_DAYS, type CurrentUser, type User } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { previousHandles, users } from '../../db/schema.ts';

const current = {
  id: users.id,
  handle: users.handle,
  picture: users.picture,
  email: users.email,
  role: users.role,
};
const suspension = { suspended_at: users.suspended_at, suspended_until: users.suspended_until };

/** Whether a Google account's (verified) email is listed in ADMIN_EMAILS (lowercased by the config). */
export const isAdminEmail = (email: string, adminEmails: readonly string[]) =>
  adminEmails.includes(email.trim().toLowerCase());

export type SignInResult =
  { ok: true; user: CurrentUser } | { ok: false; reason: 'suspended'; until: Date | null };

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** What a verified Google ID token tells of its account (server/modules/auth/google-token.ts). */
export interface GoogleIdentity {
  sub: string;
  email: string;
  picture: string | null;
}

/**
 * Finds the user of a Google account, creating it on first sign-in with a generated handle that
 * carries nothing of the email or the Google name (domain/users.ts, generatedHandle); keeps picture
 * and email fresh.
 * An account whose (verified) email is in ADMIN_EMAILS becomes or stays admin; one no longer
 * listed keeps its role (withdraw it with the CLI). A suspended account is refused.
 */
export async function upsertGoogleUser(
  db: Db,
  identity: GoogleIdentity,
  adminEmails: readonly string[] = [],
  now = new Date(),
): Promise<SignInResult> {
  const admin = isAdminEmail(identity.email, adminEmails);
  const role: { role?: Role } = admin ? { role: 'admin' } : {};
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .update(users)
      .set({ email: identity.email, picture: identity.picture, updated_at: now, ...role })
      .where(eq(users.google_sub, identity.sub))
      .returning({ ...current, ...suspension });
    if (existing) {
      const { suspended_at, suspended_until, ...user } = existing;
      if (isSuspended({ suspended_at, suspended_until }, now)) {
        return { ok: false, reason: 'suspended', until: suspended_until };
      }
      return { ok: true, user };
    }
    const handle = generatedHandle();
    try {
      const [created] = await db
        .insert(users)
        .values({
          google_sub: identity.sub,
          handle,
          email: identity.email,
          picture: identity.picture,
          ...role,
        })
        .returning(current);
      return { ok: true, user: created! };
    } catch (err) {
      // The handle is taken (50 random bits: rare) or another sign-in created this account: try again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not create a user with a unique handle');
}

export type DevUserResult =
  | { ok: true; user: CurrentUser }
  | { ok: false; reason: 'google' | 'system' | 'reserved' }
  | { ok: false; reason: 'suspended'; until: Date | null };

/**
 * Local demo sign-in: the user with this handle, created when missing. It never reaches an account
 * that signs in with Google (that would be a takeover) nor the system account that owns the
 * seeded catalogue, nor creates an account under another user's reserved old handle.
 * DEMO_MODERATOR_HANDLE is created as a moderator (the demo of moderation).
 */
export async function upsertDevUser(db: Db, handle: string, now = new Date()): Promise<DevUserResult> {
  const role: Role = handle === DEMO_MODERATOR_HANDLE ? 'moderator' : 'user';
  // Someone's old handle, kept for them for HANDLE_RESERVED_DAYS: no new account takes it.
  const [reserved] = await db
    .select({ handle: previousHandles.handle })
    .from(previousHandles)
    .where(and(eq(previousHandles.handle, handle), gt(previousHandles.released_at, now)));
  if (reserved) return { ok: false, reason: 'reserved' };
  await db.insert(users).values({ handle, role }).onConflictDoNothing({ target: users.handle });
  const [user] = await db
    .select({ ...current, ...suspension, google_sub: users.google_sub, is_system: users.is_system })
    .from(users)
    .where(eq(users.handle, handle));
  if (!user) throw new Error(`user ${handle} missing after insert`);
  const { google_sub, is_system, suspended_at, suspended_until, ...found } = user;
  if (is_system) return { ok: false, reason: 'system' };
  if (google_sub !== null) return { ok: false, reason: 'google' };
  if (isSuspended({ suspended_at, suspended_until }, now)) {
    return { ok: false, reason: 'suspended', until: suspended_until };
  }
  return { ok: true, user: found };
}

export async function findUserByHandle(db: Db, handle: string) {
  const [user] = await db
    .select({ ...current, ...suspension, is_system: users.is_system, created_at: users.created_at })
    .from(users)
    .where(eq(users.handle, handle));
  return user ?? null;
}

export function publicProfile(
  user: NonNullable<Awaited<ReturnType<typeof findUserByHandle>>>,
  viewerId: number | null,
): User {
  const profile: User = {
    id: user.id,
    handle: user.handle,
    picture: user.picture,
    created_at: user.created_at.toISOString(),
    role: user.role,
  };
  if (viewerId === user.id) profile.email = user.email;
  return profile;
}

export type ChangeHandleResult = { ok: true; handle: string } | { ok: false; reason: 'taken' | 'reserved' };

const DAY_MS = 86_400_000;

/**
 * Changes a user's handle. The handle left behind stays reserved for them for HANDLE_RESERVED_DAYS
 * (previous_handles): nobody else may take it meanwhile ('reserved'), they may take it back. One
 * transaction: the user's row is locked, so two changes of one user run one after the other.
 */
export async function changeHandle(
  db: Db,
  userId: number,
  handle: string,
  now = new Date(),
): Promise<ChangeHandleResult> {
  try {
    return await db.transaction(async (tx): Promise<ChangeHandleResult> => {
      const [me] = await tx
        .select({ handle: users.handle })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!me) throw new Error(`user ${userId} missing`);
      if (me.handle === handle) return { ok: true, handle };
      // The users table first: someone changing away from this handle holds it there until their
      // change commits, and their reservation is visible from then on.
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.handle, handle), ne(users.id, userId)));
      if (clash) return { ok: false, reason: 'taken' };
      const [reservation] = await tx
        .select({ user_id: previousHandles.user_id })
        .from(previousHandles)
        .where(and(eq(previousHandles.handle, handle), gt(previousHandles.released_at, now)));
      if (reservation && reservation.user_id !== userId) return { ok: false, reason: 'reserved' };
      // Taking one's own reserved handle back, or a released one: its row has served.
      await tx.delete(previousHandles).where(eq(previousHandles.handle, handle));
      const reserved = {
        user_id: userId,
        changed_at: now,
        released_at: new Date(now.getTime() + HANDLE_RESERVED_DAYS * DAY_MS),
      };
      await tx
        .insert(previousHandles)
        .values({ handle: me.handle, ...reserved })
        .onConflictDoUpdate({ target: previousHandles.handle, set: reserved });
      await tx.update(users).set({ handle, updated_at: now }).where(eq(users.id, userId));
      return { ok: true, handle };
    });
  } catch (err) {
    // Another user took the handle between the check and the update.
    if (isUniqueViolation(err)) return { ok: false, reason: 'taken' };
    throw err;
  }
}

/**
 * The current handle of the user who changed away from `handle` less than HANDLE_RESERVED_DAYS
 * ago, or null (never changed, released, taken back, or the account is gone).
 */
export async function movedHandle(db: Db, handle: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ handle: users.handle })
    .from(previousHandles)
    .innerJoin(users, eq(users.id, previousHandles.user_id))
    .where(and(eq(previousHandles.handle, handle), gt(previousHandles.released_at, now)));
  return row?.handle ?? null;
}

/** Sets a user's role (the caller checked who may: domain/roles.ts). */
export async function setUserRole(db: Db, userId: number, role: Role): Promise<void> {
  await db.update(users).set({ role, updated_at: new Date() }).where(eq(users.id, userId));
}
