/**
 * Database sessions: the cookie holds a random 256-bit id; only its SHA-256 is stored.
 * A session expires after SESSION_TTL_DAYS without use (sliding), and in any case `maxAgeMs`
 * after it was created (SESSION_MAX_AGE_DAYS, absolute): a stolen cookie kept in use does not
 * live for ever.
 */
import crypto from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { SESSION_TTL_DAYS } from '#domain/auth';
import { isSuspended } from '#domain/moderation';
import type { CurrentUser } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
/** A session is extended at most once a day, so reads do not write on every request. */
const SLIDE_AFTER_MS = DAY_MS;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The absolute lifetime when none is configured (SESSION_MAX_AGE_DAYS default). */
export const SESSION_MAX_AGE_MS_DEFAULT = 30 * DAY_MS;

const expiryFrom = (now: Date, createdAt: Date, maxAgeMs: number) =>
  new Date(Math.min(now.getTime() + SESSION_TTL_MS, createdAt.getTime() + maxAgeMs));

export async function createSession(
  db: Db,
  userId: number,
  now = new Date(),
  maxAgeMs = SESSION_MAX_AGE_MS_DEFAULT,
) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = expiryFrom(now, now, maxAgeMs);
  await db
    .insert(sessions)
    .values({ id_hash: hash(token), user_id: userId, created_at: now, expires_at: expiresAt });
  return { token, expiresAt };
}

/** The signed-in user of a session token, sliding its expiry; null when unknown or expired. */
export async function userForSession(
  db: Db,
  token: string,
  now = new Date(),
  maxAgeMs = SESSION_MAX_AGE_MS_DEFAULT,
): Promise<{
  user: CurrentUser;
  expiresAt: Date;
  extended: boolean;
  /** Set while the account is suspended: the session reads, but every write answers 403. */
  suspension: { until: Date | null } | null;
} | null> {
  const idHash = hash(token);
  const [row] = await db
    .select({
      id: users.id,
      handle: users.handle,
      picture: users.picture,
      email: users.email,
      role: users.role,
      suspended_at: users.suspended_at,
      suspended_until: users.suspended_until,
      created_at: sessions.created_at,
      expires_at: sessions.expires_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id_hash, idHash),
        gt(sessions.expires_at, now),
        gt(sessions.created_at, new Date(now.getTime() - maxAgeMs)),
        // A system account (the seeded catalogue's owner) never has a working session.
        eq(users.is_system, false),
      ),
    );
  if (!row) return null;
  let expiresAt = row.expires_at;
  let extended = false;
  const slid = expiryFrom(now, row.created_at, maxAgeMs);
  if (
    expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SLIDE_AFTER_MS &&
    slid.getTime() > expiresAt.getTime()
  ) {
    expiresAt = slid;
    extended = true;
    await db.update(sessions).set({ expires_at: expiresAt }).where(eq(sessions.id_hash, idHash));
  }
  const { expires_at: _e, created_at: _c, suspended_at, suspended_until, ...user } = row;
  const suspension = isSuspended({ suspended_at, suspended_until }, now) ? { until: suspended_until } : null;
  return { user, expiresAt, extended, suspension };
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id_hash, hash(token)));
}

/** Ends every session of a user ('sign out everywhere'); returns how many there were. */
export async function deleteUserSessions(db: Db, userId: number): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(eq(sessions.user_id, userId))
    .returning({ id_hash: sessions.id_hash });
  return gone.length;
}

/** Deletes the sessions past their sliding expiry or their absolute lifetime; returns how many. */
export async function deleteExpiredSessions(
  db: Db,
  now = new Date(),
  maxAgeMs = SESSION_MAX_AGE_MS_DEFAULT,
): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, now), lt(sessions.created_at, new Date(now.getTime() - maxAgeMs))))
    .returning({ id_hash: sessions.id_hash });
  return gone.length;
}

/** How often each API process deletes expired sessions. */
export const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionPurgeOptions {
  intervalMs?: number;
  maxAgeMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Called after each purge with the number of sessions deleted (tests wait on it). */
  onPurged?: (deleted: number) => void;
}

/**
 * Deletes expired sessions now and then: once at start, then every `intervalMs`. The timer is
 * unref'd (it never keeps the process alive); the returned function stops it. A failure (database
 * down) is logged and the next tick tries again.
 */
export function startSessionPurge(db: Db, opts: SessionPurgeOptions = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const deleted = await deleteExpiredSessions(db, new Date(), opts.maxAgeMs);
      if (deleted > 0) opts.log?.info({ deleted }, 'expired sessions deleted');
      opts.onPurged?.(deleted);
    } catch (err) {
      opts.log?.warn({ err }, 'deleting expired sessions failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? SESSION_PURGE_INTERVAL_MS);
  timer.unref();
  const first = setTimeout(() => void tick(), 0);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
