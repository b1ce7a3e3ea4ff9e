/**
 * Comments on buildings and images, two levels deep: top-level comments and their replies.
 * Rows are locked parent first, then child, in every transaction that changes both, so
 * replying, deleting and voting never deadlock and reply_count always equals the replies.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { voteOrder } from '../../db/vote-order.ts';
import {
  pageCount,
  type Comment,
  type CommentList,
  type CommentReplies,
  type CommentsQuery,
  type CommentSort,
  type CommentTargetType,
  type NewReplyBody,
  type RepliesQuery,
} from '#domain/comments';
import type { CurrentUser } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { comments, users, votes } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { isModerator } from '#domain/roles';
import { appendLog } from '../moderation/moderation-log.ts';
import { DELETED_COMMENT, findVotable, notFoundText } from '../votes/votes.service.ts';
import { visibleComment, type Viewer } from '../../db/visibility.ts';

const COMMENT_NOT_FOUND = 'Comment not found';

function commentColumns(viewerId: number | null) {
  return {
    id: comments.id,
    username: users.handle,
    user_id: comments.user_id,
    content: comments.content,
    target_type: comments.target_type,
    target_id: comments.target_id,
    parent_id: comments.parent_id,
    deleted: comments.deleted,
    reply_count: comments.reply_count,
    upvotes: comments.upvotes,
    downvotes: comments.downvotes,
    edited: comments.edited,
    created_at: comments.created_at,
    hidden_at: comments.hidden_at,
    user_vote:
      viewerId === null
        ? sql<number>`0`.mapWith(Number)
        : sql<number>`coalesce((
            select ${votes.vote} from ${votes}
            where ${votes.user_id} = ${viewerId}
              and ${votes.votable_type} = 'comment'
              and ${votes.votable_id} = ${comments.id}
          ), 0)`.mapWith(Number),
  };
}

/** A comments row (or a selected one) with its author's handle and the reader's vote. */
type CommentRow = Omit<typeof comments.$inferSelect, 'updated_at' | 'hidden_by'> & {
  username: string;
  user_vote: number;
};

function toComment(r: CommentRow): Comment {
  return {
    id: r.id,
    username: r.username,
    user_id: r.user_id,
    content: r.deleted ? '' : r.content,
    target_type: r.target_type as CommentTargetType,
    target_id: r.target_id,
    parent_id: r.parent_id,
    deleted: r.deleted,
    reply_count: r.reply_count,
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    user_vote: r.user_vote === 1 ? 1 : r.user_vote === -1 ? -1 : 0,
    edited: r.edited,
    created_at: r.created_at.toISOString(),
    ...(r.hidden_at !== null ? { hidden: true as const } : {}),
  };
}

function selectComments(db: Db, viewerId: number | null) {
  return db.select(commentColumns(viewerId)).from(comments).innerJoin(users, eq(users.id, comments.user_id));
}

async function getComment(db: Db, id: number, viewerId: number | null): Promise<Comment | null> {
  const [row] = await selectComments(db, viewerId).where(eq(comments.id, id));
  return row ? toComment(row) : null;
}

/** ORDER BY of each sort (design: popular and controversial); newer, then higher id, breaks ties. */
function sortOrder(sort: CommentSort): SQL[] {
  const votes = voteOrder(comments.upvotes, comments.downvotes);
  const newer = [desc(comments.created_at), desc(comments.id)];
  switch (sort) {
    case 'newest':
      return newer;
    case 'popular':
      return [...votes.popular, ...newer];
    case 'controversial':
      return [...votes.controversial, ...newer];
  }
}

/** 404 unless the target exists for this viewer (an image not ready yet: its uploader only). */
async function requireTarget(
  db: Db,
  type: CommentTargetType,
  id: number,
  viewer: Viewer | null,
  lock?: 'key share',
): Promise<void> {
  if (!(await findVotable(db, type, id, viewer, lock))) throw notFound(notFoundText(type));
}

/** One page of a target's top-level comments (deleted ones with replies included). */
export async function listComments(
  db: Db,
  viewer: Viewer | null,
  type: CommentTargetType,
  targetId: number,
  q: CommentsQuery,
): Promise<CommentList> {
  const viewerId = viewer?.id ?? null;
  await requireTarget(db, type, targetId, viewer);
  const where = and(
    eq(comments.target_type, type),
    eq(comments.target_id, targetId),
    isNull(comments.parent_id),
    visibleComment(viewer),
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(comments).where(where),
    selectComments(db, viewerId)
      .where(where)
      .orderBy(...sortOrder(q.sort))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
  ]);
  return { items: rows.map(toComment), pages: pageCount(total?.n ?? 0, q.per_page), page: q.page };
}

/** One page of a comment's replies, oldest first. */
export async function listReplies(
  db: Db,
  viewer: Viewer | null,
  commentId: number,
  q: RepliesQuery,
): Promise<CommentReplies> {
  const viewerId = viewer?.id ?? null;
  // Also absent when it is on an image only its uploader may see, or hidden by moderators.
  if (!(await findVotable(db, 'comment', commentId, viewer))) throw notFound(COMMENT_NOT_FOUND);
  const where = and(eq(comments.parent_id, commentId), visibleComment(viewer));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(comments).where(where),
    selectComments(db, viewerId)
      .where(where)
      .orderBy(asc(comments.created_at), asc(comments.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
  ]);
  return {
    comment_id: commentId,
    items: rows.map(toComment),
    page: q.page,
    per_page: q.per_page,
    pages: pageCount(total?.n ?? 0, q.per_page),
  };
}

/** A new top-level comment on an existing building or image. */
export async function createComment(
  db: Db,
  user: CurrentUser,
  type: CommentTargetType,
  targetId: number,
  content: string,
): Promise<Comment> {
  return db.transaction(async (tx) => {
    // Key-share lock: the target cannot be deleted until this comment is in.
    await requireTarget(tx, type, targetId, user, 'key share');
    const [row] = await tx
      .insert(comments)
      .values({ user_id: user.id, target_type: type, target_id: targetId, content })
      .returning();
    if (!row) throw new Error('comment insert returned nothing');
    return toComment({ ...row, username: user.handle, user_vote: 0 });
  });
}

/**
 * A reply. A reply to a reply is attached to that reply's top-level comment (threads are two
 * levels deep). The body's target must be the parent's; a deleted parent takes no replies.
 */
export async function createReply(
  db: Db,
  user: CurrentUser,
  parentId: number,
  body: NewReplyBody,
): Promise<Comment> {
  const [parent] = await db
    .select({ id: comments.id, parent_id: comments.parent_id })
    .from(comments)
    .where(eq(comments.id, parentId));
  if (!parent) throw notFound(COMMENT_NOT_FOUND);
  const rootId = parent.parent_id ?? parent.id;
  return db.transaction(async (tx) => {
    const [root] = await tx
      .select({
        id: comments.id,
        target_type: comments.target_type,
        target_id: comments.target_id,
        deleted: comments.deleted,
      })
      .from(comments)
      .where(eq(comments.id, rootId))
      .for('no key update');
    if (!root) throw notFound(COMMENT_NOT_FOUND);
    // A comment on an image not ready yet exists for the image's uploader only.
    await requireTarget(tx, root.target_type as CommentTargetType, root.target_id, user, 'key share');
    if (root.target_type !== body.target_type || root.target_id !== body.target_id) {
      throw badRequest('target_type and target_id must be those of the comment replied to.');
    }
    if (root.deleted) throw conflict(DELETED_COMMENT);
    const [row] = await tx
      .insert(comments)
      .values({
        user_id: user.id,
        target_type: body.target_type,
        target_id: body.target_id,
        parent_id: root.id,
        content: body.content,
      })
      .returning();
    if (!row) throw new Error('reply insert returned nothing');
    await tx
      .update(comments)
      .set({ reply_count: sql`${comments.reply_count} + 1` })
      .where(eq(comments.id, root.id));
    return toComment({ ...row, username: user.handle, user_vote: 0 });
  });
}

/**
 * The comment, when `user` may change it: its author, or a moderator (`moderating` then, for the
 * log). 404 for an unknown comment, 403 for anyone else's.
 */
async function ownedComment(db: Db, user: CurrentUser, id: number) {
  const [row] = await db
    .select({ id: comments.id, user_id: comments.user_id, parent_id: comments.parent_id })
    .from(comments)
    .where(eq(comments.id, id));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  const moderating = row.user_id !== user.id && isModerator(user);
  if (row.user_id !== user.id && !moderating) throw forbidden('You can only change your own comments.');
  return { ...row, moderating };
}

/**
 * The author (or a moderator) replaces the text; the comment is marked edited when the text
 * changes. A moderator's change of someone else's comment is logged.
 */
export async function editComment(db: Db, user: CurrentUser, id: number, content: string): Promise<Comment> {
  const { moderating } = await ownedComment(db, user, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ content: comments.content, deleted: comments.deleted })
      .from(comments)
      .where(eq(comments.id, id))
      .for('no key update');
    if (!row) throw notFound(COMMENT_NOT_FOUND);
    if (row.deleted) throw conflict(DELETED_COMMENT);
    if (row.content !== content) {
      await tx
        .update(comments)
        .set({ content, edited: true, updated_at: sql`now()` })
        .where(eq(comments.id, id));
      if (moderating) {
        await appendLog(tx, { actorId: user.id, action: 'edit', targetType: 'comment', targetId: id });
      }
    }
    const comment = await getComment(tx, id, user.id);
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    return comment;
  });
}

/** Removes a comment row; the votes on it go with it (target cleanup trigger, migration 0007). */
async function removeComment(tx: Db, id: number): Promise<void> {
  await tx.delete(comments).where(eq(comments.id, id));
}

/**
 * The author (or a moderator, logged) deletes a comment. A top-level comment with replies stays as a deleted placeholder
 * (content removed, votes kept); anything else is removed with its votes and the parent's
 * reply_count falls. A deleted placeholder whose last reply goes is removed too.
 */
export async function deleteComment(db: Db, user: CurrentUser, id: number): Promise<void> {
  const owned = await ownedComment(db, user, id);
  await db.transaction(async (tx) => {
    if (owned.moderating) {
      await appendLog(tx, { actorId: user.id, action: 'delete', targetType: 'comment', targetId: id });
    }
    if (owned.parent_id !== null) {
      const [parent] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.id, owned.parent_id))
        .for('update');
      if (!parent) throw notFound(COMMENT_NOT_FOUND);
    }
    const [row] = await tx
      .select({ reply_count: comments.reply_count, deleted: comments.deleted })
      .from(comments)
      .where(eq(comments.id, id))
      .for('update');
    if (!row) throw notFound(COMMENT_NOT_FOUND);

    if (row.reply_count > 0) {
      if (!row.deleted) {
        await tx
          .update(comments)
          .set({ deleted: true, content: '', updated_at: sql`now()` })
          .where(eq(comments.id, id));
      }
      return;
    }
    await removeComment(tx, id);
    if (owned.parent_id === null) return;
    const [parent] = await tx
      .update(comments)
      .set({ reply_count: sql`${comments.reply_count} - 1` })
      .where(eq(comments.id, owned.parent_id))
      .returning({ reply_count: comments.reply_count, deleted: comments.deleted });
    if (parent && parent.deleted && parent.reply_count === 0) await removeComment(tx, owned.parent_id);
  });
}
