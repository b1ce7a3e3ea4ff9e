/** Database sessions: the cookie holds a random 256-bit id; only its SHA-256 is stored. */
import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { SESSION_TTL_DAYS } from '#domain/auth';
import type { CurrentUser } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
/** A session is extended at most once a day, so reads do not write on every request. */
const SLIDE_AFTER_MS = DAY_MS;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, now = new Date()) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id_hash: hash(token), user_id: userId, expires_at: expiresAt });
  return { token, expiresAt };
}

/** The signed-in user of a session token, sliding its expiry; null when unknown or expired. */
export async function userForSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ user: CurrentUser; expiresAt: Date } | null> {
  const idHash = hash(token);
  const [row] = await db
    .select({
      id: users.id,
      handle: users.handle,
      picture: users.picture,
      email: users.email,
      expires_at: sessions.expires_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id_hash, idHash), gt(sessions.expires_at, now)));
  if (!row) return null;
  let expiresAt = row.expires_at;
  if (expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SLIDE_AFTER_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expires_at: expiresAt }).where(eq(sessions.id_hash, idHash));
  }
  const { expires_at: _e, ...user } = row;
  return { user, expiresAt };
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id_hash, hash(token)));
}

export async function deleteExpiredSessions(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expires_at, now));
}
