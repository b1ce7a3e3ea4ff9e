/**
 * Votes on buildings, images, comments and architectural styles. One transaction per vote: the
 * target row is locked first, so every vote on one target (by any user) runs one after another,
 * then the voter's row is upserted or removed and the counters move by SQL deltas.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import {
  nextVote,
  voteCountDeltas,
  voteStatsOf,
  type VotableType,
  type VoteCounts,
  type VoteResult,
  type VoteValue,
} from '#domain/votes';
import type { Db } from '../../db/client.ts';
import { architecturalStyles, buildings, comments, images, votes } from '../../db/schema.ts';
import { visibleBuilding, visibleComment, visibleImage, type Viewer } from '../../db/visibility.ts';
import { conflict, notFound } from '../../http/errors.ts';

/** A transaction or the database: both run queries. */
export type Tx = Db;

const NOT_FOUND: Record<VotableType, string> = {
  building: 'Building not found',
  image: 'Image not found',
  comment: 'Comment not found',
  architectural_style: 'Architectural style not found',
};

export const DELETED_COMMENT = 'This comment has been deleted.';

type Lock = 'no key update' | 'key share';

/**
 * Whether an image is there for this viewer: ready images for everyone; an image not ready yet
 * (pending, processing, failed) only for its uploader, as absent (404) for everyone else.
 */
export const imageVisibleTo = (viewerId: number | null) =>
  or(eq(images.status, 'ready'), eq(images.added_by, viewerId ?? 0));

/**
 * Whether the target exists for `viewer`; inside a transaction `lock` locks its row. A deleted
 * comment is reported as such: it exists but takes no votes, edits or replies. An image that is
 * not ready exists only for its uploader, and so do the comments on it. What moderators hid (and
 * what is on a hidden building or image) exists only for its owner and moderators (visibility.ts).
 */
export async function findVotable(
  tx: Tx,
  type: VotableType,
  id: number,
  viewer: Viewer | null,
  lock?: Lock,
): Promise<{ deleted: boolean } | null> {
  const viewerId = viewer?.id ?? null;
  const locked = <Q extends { for(strength: Lock): unknown }>(q: Q) => (lock ? q.for(lock) : q);
  switch (type) {
    case 'comment': {
      const q = tx
        .select({
          deleted: comments.deleted,
          target_type: comments.target_type,
          target_id: comments.target_id,
        })
        .from(comments)
        .where(and(eq(comments.id, id), visibleComment(viewer)));
      const [row] = await (locked(q) as typeof q);
      if (!row) return null;
      if (!(await findVotable(tx, row.target_type as 'building' | 'image', row.target_id, viewer)))
        return null;
      return { deleted: row.deleted };
    }
    case 'building': {
      const q = tx
        .select({ id: buildings.id })
        .from(buildings)
        .where(and(eq(buildings.id, id), visibleBuilding(viewer)));
      const [row] = await (locked(q) as typeof q);
      return row ? { deleted: false } : null;
    }
    case 'image': {
      const q = tx
        .select({ id: images.id })
        .from(images)
        .innerJoin(buildings, eq(buildings.id, images.building_id))
        .where(
          and(eq(images.id, id), imageVisibleTo(viewerId), visibleImage(viewer), visibleBuilding(viewer)),
        );
      const [row] = await (locked(q) as typeof q);
      return row ? { deleted: false } : null;
    }
    case 'architectural_style': {
      const q = tx
        .select({ id: architecturalStyles.id })
        .from(architecturalStyles)
        .where(eq(architecturalStyles.id, id));
      const [row] = await (locked(q) as typeof q);
      return row ? { deleted: false } : null;
    }
  }
}

/** 404 problem text for a missing target of this type. */
export const notFoundText = (type: VotableType) => NOT_FOUND[type];

/** Moves the target's counters by `d` in SQL (never read-modify-write) and returns the new ones. */
async function addToCounters(
  tx: Tx,
  type: VotableType,
  id: number,
  d: VoteCounts,
): Promise<VoteCounts | null> {
  switch (type) {
    case 'comment': {
      const [row] = await tx
        .update(comments)
        .set({
          upvotes: sql`${comments.upvotes} + ${d.upvotes}`,
          downvotes: sql`${comments.downvotes} + ${d.downvotes}`,
        })
        .where(eq(comments.id, id))
        .returning({ upvotes: comments.upvotes, downvotes: comments.downvotes });
      return row ? { ...row, meh_votes: 0 } : null;
    }
    case 'building':
      return addToFaceCounters(tx, buildings, id, d);
    case 'image':
      return addToFaceCounters(tx, images, id, d);
    case 'architectural_style':
      return addToFaceCounters(tx, architecturalStyles, id, d);
  }
}

/** addToCounters for the targets with all three faces (up, meh, down). */
async function addToFaceCounters(
  tx: Tx,
  table: typeof buildings | typeof images | typeof architecturalStyles,
  id: number,
  d: VoteCounts,
): Promise<VoteCounts | null> {
  const [row] = await tx
    .update(table)
    .set({
      upvotes: sql`${table.upvotes} + ${d.upvotes}`,
      meh_votes: sql`${table.meh_votes} + ${d.meh_votes}`,
      downvotes: sql`${table.downvotes} + ${d.downvotes}`,
    })
    .where(eq(table.id, id))
    .returning({ upvotes: table.upvotes, meh_votes: table.meh_votes, downvotes: table.downvotes });
  return row ?? null;
}

const voteOf = (userId: number, type: VotableType, id: number) =>
  and(eq(votes.user_id, userId), eq(votes.votable_type, type), eq(votes.votable_id, id));

/**
 * Casts `requested` on a target for a user (product §4): the same value again removes the vote.
 * 404 when the target does not exist, 409 for a deleted comment.
 */
export async function castVote(
  db: Db,
  user: Viewer,
  type: VotableType,
  id: number,
  requested: VoteValue,
): Promise<VoteResult> {
  const userId = user.id;
  return db.transaction(async (tx) => {
    // The lock serialises all votes on this target, so the previous vote read below cannot change
    // before this transaction commits, on PostgreSQL as on PGlite.
    const target = await findVotable(tx, type, id, user, 'no key update');
    if (!target) throw notFound(NOT_FOUND[type]);
    if (target.deleted) throw conflict(DELETED_COMMENT);

    const [row] = await tx
      .select({ vote: votes.vote })
      .from(votes)
      .where(voteOf(userId, type, id))
      .for('update');
    const previous = row ? (row.vote as VoteValue) : null;
    const next = nextVote(previous, requested);
    if (next === null) {
      await tx.delete(votes).where(voteOf(userId, type, id));
    } else {
      await tx
        .insert(votes)
        .values({ user_id: userId, votable_type: type, votable_id: id, vote: next })
        .onConflictDoUpdate({
          target: [votes.user_id, votes.votable_type, votes.votable_id],
          set: { vote: next, updated_at: sql`now()` },
        });
    }
    const counts = await addToCounters(tx, type, id, voteCountDeltas(previous, next));
    if (!counts) throw notFound(NOT_FOUND[type]);
    return {
      votable_type: type,
      votable_id: id,
      vote_stats: voteStatsOf(counts),
      // Comments say "no vote" with 0 (product §3); faces need 0 for meh, so none is null.
      user_vote: type === 'comment' ? (next ?? 0) : next,
    };
  });
}

/** The user's current vote on a target, null when none (for detail views of other modules). */
export async function userVoteOn(
  db: Tx,
  userId: number | null,
  type: VotableType,
  id: number,
): Promise<VoteValue | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ vote: votes.vote })
    .from(votes)
    .where(voteOf(userId, type, id));
  return row ? (row.vote as VoteValue) : null;
}
