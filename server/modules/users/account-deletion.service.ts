/**
 * Deleting an account (DELETE /api/users/{handle}): everything the account holds goes or is
 * handed over in one transaction, and its stored files are queued (file_deletions) in that same
 * transaction for removal after the commit, so no row ever names a removed file and a crash
 * between the two forgets no file (the purge-file-deletions job removes what is left).
 *
 * - sessions end; lists go; feedback keeps its text but loses the email;
 * - the account's votes go and every counter they moved falls by them (SQL deltas on the locked
 *   targets, as a vote does);
 * - its comments follow the product's rule for a deleted comment: a top-level comment with
 *   replies stays as 'This comment has been deleted' (its content emptied and credited to the
 *   system account), anything else is removed, and a placeholder left without replies goes too;
 * - its images go (their building's image count and cover follow), files queued (an unfinished
 *   upload's original until its upload URL has expired);
 * - the buildings it added stay, credited to the system account, unless `removeBuildings` asks to
 *   remove those nobody else contributed to (no one else's image, comment or vote on them or on
 *   their images);
 * - its reports go with it (they were its words); reports of it or of its content stay for the
 *   record, shown to moderators as of a target that is gone;
 * - its handle stays reserved for HANDLE_RESERVED_DAYS (previous_handles, with no owner), then is free.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { HANDLE_RESERVED_DAYS } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import {
  buildings,
  comments,
  feedback,
  images,
  lists,
  moderationLog,
  previousHandles,
  sessions,
  users,
} from '../../db/schema.ts';
import { ensureSystemUser } from '../../db/seed.ts';
import { refreshBuildingImages, storedKeys } from '../images/images.service.ts';
import { queueFileDeletions } from '../images/file-deletions.service.ts';

const DAY_MS = 86_400_000;

export interface DeletedAccount {
  handle: string;
  /** Stored files of the account's images, queued in file_deletions: remove them after the commit. */
  storageKeys: string[];
  /**
   * Originals of unfinished uploads, queued for the purge job once their upload URLs have expired
   * (a late PUT to S3 could otherwise bring a file after its removal).
   */
  lateKeys: string[];
  /** Buildings removed (remove_buildings) and handed to the system account. */
  removedBuildings: number;
  creditedBuildings: number;
}

/** The tables whose rows carry face vote counters (up, meh, down) by votable type. */
const FACE_COUNTER_TABLES = {
  building: 'buildings',
  image: 'images',
  architectural_style: 'architectural_styles',
} as const;

/**
 * Deletes the account `userId` (the caller checked who may). Null when there is no such account;
 * throws for the system account, which owns the seeded catalogue.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
  {
    removeBuildings = false,
    now = new Date(),
    actorId = userId,
    uploadUrlTtlSeconds = 0,
  }: {
    removeBuildings?: boolean;
    now?: Date;
    /** How long an upload URL stays usable (UPLOAD_URL_TTL_SECONDS). */
    uploadUrlTtlSeconds?: number;
    /** Who deletes it: the account itself (the default) or an admin, logged in the moderation log. */
    actorId?: number;
  } = {},
): Promise<DeletedAccount | null> {
  return db.transaction(async (tx): Promise<DeletedAccount | null> => {
    // The account row first: from here on nothing new of this account can be written (every
    // insert naming it waits on this lock, then fails with it gone).
    const [me] = await tx
      .select({ id: users.id, handle: users.handle, email: users.email, is_system: users.is_system })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!me) return null;
    if (me.is_system) throw new Error('the system account cannot be deleted');
    const systemId = await ensureSystemUser(tx);

    // Then the buildings the account added or has images on, and its images, in that order (as an
    // image deletion does): no one else's vote, comment or image lands on them meanwhile, so the
    // "nobody else contributed" test below holds until the commit.
    const touchedBuildings = (
      await tx
        .select({ id: buildings.id })
        .from(buildings)
        .where(
          or(
            eq(buildings.added_by, userId),
            inArray(
              buildings.id,
              tx.select({ id: images.building_id }).from(images).where(eq(images.added_by, userId)),
            ),
          ),
        )
        .orderBy(asc(buildings.id))
        .for('update')
    ).map((b) => b.id);
    await tx
      .select({ id: images.id })
      .from(images)
      .where(eq(images.added_by, userId))
      .orderBy(asc(images.id))
      .for('update');

    // Decided before anything of the account goes: comments and votes of others on the account's
    // images count, and those images go below.
    const removable = removeBuildings ? await uncontributedBuildings(tx, userId) : [];

    await tx.delete(sessions).where(eq(sessions.user_id, userId));
    await tx.delete(lists).where(eq(lists.user_id, userId));
    await removeVotes(tx, userId);
    await removeComments(tx, userId, systemId, now);

    // Images: rows now, files after the commit (queued in the same transaction).
    const goneImages = await tx.delete(images).where(eq(images.added_by, userId)).returning({
      storage_key: images.storage_key,
      renditions: images.renditions,
      building_id: images.building_id,
      status: images.status,
    });
    // An unfinished upload's URL may still be used: its original waits for the URL to expire.
    const unfinished = (status: string) => status === 'pending' || status === 'uploaded';
    const lateKeys = [...new Set(goneImages.filter((i) => unfinished(i.status)).map((i) => i.storage_key))];
    const late = new Set(lateKeys);
    const storageKeys = [...new Set(goneImages.flatMap(storedKeys))].filter((k) => !late.has(k));
    await queueFileDeletions(tx, storageKeys);
    await queueFileDeletions(tx, lateKeys, {
      removeAfter: new Date(now.getTime() + uploadUrlTtlSeconds * 1000),
    });

    let removedBuildings = 0;
    if (removable.length > 0) {
      // Votes and comments on them went with the account's (nobody else's were there); lists of
      // others lose them by the cascade, as when their owner deletes a building.
      const gone = await tx
        .delete(buildings)
        .where(and(inArray(buildings.id, removable), eq(buildings.added_by, userId)))
        .returning({ id: buildings.id });
      removedBuildings = gone.length;
    }
    const removedIds = new Set(removable);
    for (const id of touchedBuildings) {
      if (!removedIds.has(id)) await refreshBuildingImages(tx, id);
    }
    const credited = await tx
      .update(buildings)
      .set({ added_by: systemId })
      .where(eq(buildings.added_by, userId))
      .returning({ id: buildings.id });

    // Feedback stays for the operator, without the way to reach its sender.
    await tx
      .update(feedback)
      .set({ email: null })
      .where(
        me.email
          ? or(eq(feedback.user_id, userId), sql`lower(${feedback.email}) = lower(${me.email})`)
          : eq(feedback.user_id, userId),
      );

    // The handle stays reserved (for no one) for HANDLE_RESERVED_DAYS: nobody can pose as the
    // account at its old address right away. Its older handles keep their own release dates.
    const reserved = {
      user_id: userId,
      changed_at: now,
      released_at: new Date(now.getTime() + HANDLE_RESERVED_DAYS * DAY_MS),
    };
    await tx
      .insert(previousHandles)
      .values({ handle: me.handle, ...reserved })
      .onConflictDoUpdate({ target: previousHandles.handle, set: reserved });

    // The rest goes by the foreign keys: places usage and reports by the account (cascade); its
    // name on hidden rows, suspensions, resolved reports, the moderation log, feedback and
    // previous handles becomes null.
    await tx.delete(users).where(eq(users.id, userId));
    // An admin's deletion of someone else's account is a moderation action, logged with it (by id:
    // the handle is the deleted account's data).
    if (actorId !== userId) {
      await tx.insert(moderationLog).values({
        actor_id: actorId,
        action: 'delete_account',
        target_type: 'user',
        target_id: userId,
      });
    }
    return {
      handle: me.handle,
      storageKeys,
      lateKeys,
      removedBuildings,
      creditedBuildings: credited.length,
    };
  });
}

/**
 * The buildings `userId` added that nobody else contributed to: no other user's image on them,
 * no other user's comment or vote on them or on any of their images.
 */
async function uncontributedBuildings(tx: Db, userId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`SELECT b.id FROM ${buildings} b
         WHERE b.added_by = ${userId}
           AND NOT EXISTS (SELECT 1 FROM ${images} i WHERE i.building_id = b.id AND i.added_by <> ${userId})
           AND NOT EXISTS (
             SELECT 1 FROM ${comments} c
              WHERE c.user_id <> ${userId}
                AND ((c.target_type = 'building' AND c.target_id = b.id)
                  OR (c.target_type = 'image' AND c.target_id IN (SELECT i.id FROM ${images} i WHERE i.building_id = b.id))))
           AND NOT EXISTS (
             SELECT 1 FROM votes v
              WHERE v.user_id <> ${userId}
                AND ((v.votable_type = 'building' AND v.votable_id = b.id)
                  OR (v.votable_type = 'image' AND v.votable_id IN (SELECT i.id FROM ${images} i WHERE i.building_id = b.id))))
         ORDER BY b.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Removes the account's votes and takes them off the counters they moved, by SQL deltas in one
 * statement per type (the UPDATE waits for the target's row lock, as a vote does, so concurrent
 * votes by others count too). GREATEST keeps a counter that was already wrong from breaking
 * the deletion on a CHECK.
 */
async function removeVotes(tx: Db, userId: number): Promise<void> {
  for (const [type, table] of Object.entries(FACE_COUNTER_TABLES)) {
    await tx.execute(sql`
      WITH gone AS (
        DELETE FROM votes WHERE user_id = ${userId} AND votable_type = ${type}
        RETURNING votable_id, vote
      ), d AS (
        SELECT votable_id AS id,
               count(*) FILTER (WHERE vote = 1) AS up,
               count(*) FILTER (WHERE vote = 0) AS meh,
               count(*) FILTER (WHERE vote = -1) AS down
          FROM gone GROUP BY votable_id
      )
      UPDATE ${sql.identifier(table)} t SET
        upvotes = GREATEST(t.upvotes - d.up, 0),
        meh_votes = GREATEST(t.meh_votes - d.meh, 0),
        downvotes = GREATEST(t.downvotes - d.down, 0)
        FROM d WHERE t.id = d.id`);
  }
  await tx.execute(sql`
    WITH gone AS (
      DELETE FROM votes WHERE user_id = ${userId} AND votable_type = 'comment'
      RETURNING votable_id, vote
    ), d AS (
      SELECT votable_id AS id,
             count(*) FILTER (WHERE vote = 1) AS up,
             count(*) FILTER (WHERE vote = -1) AS down
        FROM gone GROUP BY votable_id
    )
    UPDATE ${comments} t SET
      upvotes = GREATEST(t.upvotes - d.up, 0),
      downvotes = GREATEST(t.downvotes - d.down, 0)
      FROM d WHERE t.id = d.id`);
}

/**
 * The account's comments, by the rule of a deleted comment (comments.service.ts deleteComment):
 * replies are removed and their parents' reply_count falls; a top-level comment is removed when
 * no reply is left, else stays as a deleted placeholder credited to the system account; another's
 * placeholder left without replies is removed. Parents are locked before their replies, as there.
 * Votes on removed comments go with them (target cleanup trigger, migration 0007).
 */
async function removeComments(tx: Db, userId: number, systemId: number, now: Date): Promise<void> {
  await selectRows(
    tx,
    sql`SELECT id FROM ${comments}
         WHERE id IN (SELECT parent_id FROM ${comments} WHERE user_id = ${userId} AND parent_id IS NOT NULL)
            OR (user_id = ${userId} AND parent_id IS NULL)
         ORDER BY id FOR UPDATE`,
  );
  const emptied = await selectRows<{ id: number }>(
    tx,
    sql`WITH gone AS (
          DELETE FROM ${comments} WHERE user_id = ${userId} AND parent_id IS NOT NULL RETURNING parent_id
        ), d AS (SELECT parent_id AS id, count(*) AS n FROM gone GROUP BY parent_id)
        UPDATE ${comments} c SET reply_count = GREATEST(c.reply_count - d.n, 0)
          FROM d WHERE c.id = d.id
        RETURNING c.id, c.reply_count, c.deleted, c.user_id`,
  ).then((rows) =>
    (rows as { id: number; reply_count: number; deleted: boolean; user_id: number }[]).filter(
      (r) => Number(r.reply_count) === 0 && (r.deleted || Number(r.user_id) === userId),
    ),
  );
  const emptiedIds = emptied.map((r) => Number(r.id));
  if (emptiedIds.length > 0) await tx.delete(comments).where(inArray(comments.id, emptiedIds));
  await tx
    .delete(comments)
    .where(and(eq(comments.user_id, userId), isNull(comments.parent_id), eq(comments.reply_count, 0)));
  await tx
    .update(comments)
    .set({ deleted: true, content: '', user_id: systemId, updated_at: now })
    .where(and(eq(comments.user_id, userId), isNull(comments.parent_id)));
}
