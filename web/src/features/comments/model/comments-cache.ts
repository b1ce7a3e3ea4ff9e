import type { InfiniteData } from '@tanstack/react-query';
import type { CommentList, CommentReplies, CommentSort } from '#domain/comments';
import {
  commentsListReducer,
  initialCommentsListState,
  repliesOf,
  type CommentsListAction,
  type CommentsListState,
  type RepliesState,
} from './comments-list.ts';

/**
 * The comments of a target live in the app's query cache (one cache for server data):
 * one infinite query per sort for the top-level pages, one per opened comment for its replies.
 * The product §4 transitions stay the reducer of ./comments-list.ts; these functions apply its
 * changes to the cached pages, and derive the list's state from them, so the rules are written
 * once and the cache is what every view reads.
 */

export type CommentPages = InfiniteData<CommentList, number>;
export type ReplyPages = InfiniteData<CommentReplies, number>;

/** The changes a comment mutation makes (product §4 'comment changes' and 'comment vote'). */
export type CommentChange = Extract<
  CommentsListAction,
  {
    type:
      | 'commentAdded'
      | 'replyAdded'
      | 'replyCountChanged'
      | 'commentDeleted'
      | 'commentEdited'
      | 'commentVoted'
      | 'commentVoteSettled';
  }
>;

/**
 * A change applied to the cached top-level pages: each page runs the reducer on its own items.
 * A new comment goes to the front of the list, so to page 1 only.
 */
export function changeListPages(data: CommentPages, change: CommentChange): CommentPages {
  let changed = false;
  const pages = data.pages.map((page, index) => {
    if (change.type === 'commentAdded' && index > 0) return page;
    const next = commentsListReducer({ ...initialCommentsListState, entities: page.items }, change);
    if (next.entities === page.items) return page;
    changed = true;
    return { ...page, items: next.entities };
  });
  return changed ? { ...data, pages } : data;
}

function repliesSlice(page: CommentReplies): RepliesState {
  return { items: page.items, page: page.page, pages: page.pages, isLoading: false, error: null };
}

/**
 * A change applied to the cached pages of one comment's replies (each page names its comment). A
 * new reply joins the loaded replies at their end, so the last page only.
 */
export function changeReplyPages(data: ReplyPages, change: CommentChange): ReplyPages {
  let changed = false;
  const last = data.pages.length - 1;
  const pages = data.pages.map((page, index) => {
    if (change.type === 'replyAdded' && index !== last) return page;
    const parentId = page.comment_id;
    const state: CommentsListState = {
      ...initialCommentsListState,
      replies: { [parentId]: repliesSlice(page) },
    };
    const items = repliesOf(commentsListReducer(state, change), parentId).items;
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** Where a query stands, in the reducer's terms. */
export interface FetchStatus {
  /** A page is being fetched that the reader waits for (the first, or the next one). */
  loading: boolean;
  /** The failure's message, when the last fetch failed. */
  error: string | null;
}

/**
 * The list's state (product §3) from the cached pages: each page merges by id as it did when it
 * arrived (a comment that moved to a later page shows once), then loading or the error.
 */
export function listStateFrom(
  sort: CommentSort,
  pages: readonly CommentList[] | undefined,
  status: FetchStatus,
): CommentsListState {
  let state: CommentsListState = { ...initialCommentsListState, currentSort: sort };
  for (const page of pages ?? []) {
    state = commentsListReducer(state, {
      type: 'fetchSucceeded',
      items: page.items,
      pages: page.pages,
      page: page.page,
    });
  }
  if (status.loading) state = commentsListReducer(state, { type: 'fetchStarted' });
  else if (status.error !== null)
    state = commentsListReducer(state, { type: 'fetchFailed', error: status.error });
  return state;
}

/** A comment's replies as loaded so far, from its cached pages. */
export function repliesStateFrom(
  commentId: number,
  pages: readonly CommentReplies[] | undefined,
  status: FetchStatus,
): RepliesState {
  let state = initialCommentsListState;
  for (const page of pages ?? []) {
    state = commentsListReducer(state, {
      type: 'repliesFetchSucceeded',
      commentId,
      items: page.items,
      page: page.page,
      pages: page.pages,
    });
  }
  if (status.loading) state = commentsListReducer(state, { type: 'repliesFetchStarted', commentId });
  else if (status.error !== null) {
    state = commentsListReducer(state, { type: 'repliesFetchFailed', commentId, error: status.error });
  }
  return repliesOf(state, commentId);
}
