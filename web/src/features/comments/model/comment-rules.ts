import type { Comment, CommentSort } from '#domain/comments';
import { t } from '../../../lib/i18n.ts';
import { plural } from '../../../lib/i18n-plural.ts';

/** Texts of product §2, 5 and 8, verbatim. */
export const COMMENT_TEXTS = {
  deleted: 'This comment has been deleted',
  confirmDelete: 'Are you sure you want to delete this comment?',
  fetchFailed: 'Failed to fetch comments',
  addFailed: 'Failed to add comment',
  repliesFailed: 'Error loading replies',
  loadMore: 'Load More',
} as const;

/**
 * Product §8: the list error as shown, 'Error loading comments: {message}', in the page's language
 * (the message too when the catalogues know it). Call while rendering.
 */
export function commentsErrorText(message: string): string {
  return t('Error loading comments: {message}', { message: t(message) });
}

/** Product §2: 'Show Replies (n)' while closed, 'Hide Replies (n)' while open (page's language). */
export function repliesToggleText(open: boolean, replyCount: number): string {
  return open
    ? t('Hide Replies ({count})', { count: replyCount })
    : t('Show Replies ({count})', { count: replyCount });
}

/** Sort choices of product §2 and 9, with the words the list shows (translated where shown). */
export const COMMENT_SORT_LABELS: Record<CommentSort, string> = {
  newest: 'Newest',
  popular: 'Popular',
  controversial: 'Controversial',
};

/** Product §9: the comment layout switches at 768 px (compact below). */
export const COMMENT_LAYOUT_BREAKPOINT_PX = 768;

/**
 * Product §6: the owner (user_id equals the current user's id) sees edit and delete, and so do
 * moderators and admins on anyone's comment; product §2: never on a deleted comment.
 */
export function canChangeComment(comment: Comment, currentUserId: number | null, moderator = false): boolean {
  return !comment.deleted && currentUserId !== null && (comment.user_id === currentUserId || moderator);
}

/** Product §2: a deleted comment cannot be voted on. */
export function canVoteOnComment(comment: Comment): boolean {
  return !comment.deleted;
}

/** Replies go to top-level comments that are not deleted (the server refuses the rest). */
export function canReplyToComment(comment: Comment): boolean {
  return comment.parent_id === null && !comment.deleted;
}

/** The accessible name of a comment's vote button, e.g. 'Upvote, 3 votes' (page's language). */
export function commentVoteLabel(vote: 1 | -1, count: number): string {
  return vote === 1
    ? plural('Upvote, {count, plural, one {# vote} other {# votes}}', { count })
    : plural('Downvote, {count, plural, one {# vote} other {# votes}}', { count });
}
