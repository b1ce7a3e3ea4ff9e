import { DEFAULT_COMMENT_SORT, type Comment, type CommentSort } from '#domain/comments';

/** A comment vote: 1 up, -1 down (product §3). */
export type CommentVote = 1 | -1;

/** The replies of one top-level comment, as far as they have been loaded. */
export interface RepliesState {
  items: Comment[];
  /** The last page loaded; 0 before the first answer. */
  page: number;
  pages: number;
  isLoading: boolean;
  error: string | null;
}

/**
 * Comments list state (product §3): entities (top-level comments in display order), totalPages,
 * currentPage (starts 1), isLoading, error, hasMore, currentSort (default 'newest'). `replies`
 * holds each opened comment's replies, so one reducer applies edits, votes and deletions to
 * any comment.
 */
export interface CommentsListState {
  entities: Comment[];
  totalPages: number;
  currentPage: number;
  isLoading: boolean;
  error: string | null;
  hasMore: boolean;
  currentSort: CommentSort;
  replies: Record<number, RepliesState>;
}

export const initialCommentsListState: CommentsListState = {
  entities: [],
  totalPages: 0,
  currentPage: 1,
  isLoading: false,
  error: null,
  hasMore: true,
  currentSort: DEFAULT_COMMENT_SORT,
  replies: {},
};

export type CommentsListAction =
  | { type: 'fetchStarted' }
  | { type: 'fetchSucceeded'; items: Comment[]; pages: number; page: number }
  | { type: 'fetchFailed'; error: string }
  | { type: 'sortChanged'; sort: CommentSort }
  | { type: 'cleared' }
  | { type: 'commentAdded'; comment: Comment }
  | { type: 'replyAdded'; reply: Comment }
  | { type: 'replyCountChanged'; commentId: number; delta: number }
  | { type: 'commentDeleted'; commentId: number; parentId: number | null }
  | { type: 'commentEdited'; commentId: number; content: string }
  | { type: 'commentVoted'; commentId: number; vote: CommentVote }
  | {
      type: 'commentVoteSettled';
      commentId: number;
      upvotes: number;
      downvotes: number;
      userVote: Comment['user_vote'];
    }
  | { type: 'repliesFetchStarted'; commentId: number }
  | { type: 'repliesFetchSucceeded'; commentId: number; items: Comment[]; page: number; pages: number }
  | { type: 'repliesFetchFailed'; commentId: number; error: string };

/** Product §4: merges by id; an item already there is replaced in place (new data overrides), others are appended. */
export function mergeById(current: readonly Comment[], incoming: readonly Comment[]): Comment[] {
  const merged = [...current];
  const index = new Map(merged.map((comment, i) => [comment.id, i]));
  for (const item of incoming) {
    const at = index.get(item.id);
    if (at === undefined) {
      index.set(item.id, merged.length);
      merged.push(item);
    } else {
      merged[at] = item;
    }
  }
  return merged;
}

/**
 * Product §4, comment vote: the previous vote is first removed from the counts; the same vote again
 * becomes 0 (toggle off), otherwise the new vote is set and its count rises.
 */
export function applyCommentVote(comment: Comment, vote: CommentVote): Comment {
  let { upvotes, downvotes } = comment;
  if (comment.user_vote === 1) upvotes -= 1;
  else if (comment.user_vote === -1) downvotes -= 1;
  if (comment.user_vote === vote) return { ...comment, upvotes, downvotes, user_vote: 0 };
  if (vote === 1) upvotes += 1;
  else downvotes += 1;
  return { ...comment, upvotes, downvotes, user_vote: vote };
}

const emptyReplies: RepliesState = { items: [], page: 0, pages: 0, isLoading: false, error: null };

/** Applies `change` to the comment with this id, top-level or reply. */
function updateComment(
  state: CommentsListState,
  id: number,
  change: (comment: Comment) => Comment,
): CommentsListState {
  const update = (list: Comment[]) => {
    const at = list.findIndex((c) => c.id === id);
    if (at === -1) return list;
    const next = [...list];
    next[at] = change(list[at] as Comment);
    return next;
  };
  const entities = update(state.entities);
  let replies = state.replies;
  for (const [key, slice] of Object.entries(state.replies)) {
    const items = update(slice.items);
    if (items !== slice.items) replies = { ...replies, [key]: { ...slice, items } };
  }
  return entities === state.entities && replies === state.replies ? state : { ...state, entities, replies };
}

function updateReplies(
  state: CommentsListState,
  commentId: number,
  change: (slice: RepliesState) => RepliesState,
): CommentsListState {
  return {
    ...state,
    replies: { ...state.replies, [commentId]: change(state.replies[commentId] ?? emptyReplies) },
  };
}

/** Product §4: reply count rises or falls for a comment (never below 0). */
function changeReplyCount(state: CommentsListState, commentId: number, delta: number): CommentsListState {
  return updateComment(state, commentId, (c) => ({ ...c, reply_count: Math.max(0, c.reply_count + delta) }));
}

function deleteTopLevel(state: CommentsListState, commentId: number): CommentsListState {
  const target = state.entities.find((c) => c.id === commentId);
  if (!target) return state;
  if (target.reply_count === 0) {
    return { ...state, entities: state.entities.filter((c) => c.id !== commentId) };
  }
  return updateComment(state, commentId, (c) => ({ ...c, deleted: true, content: '' }));
}

function deleteReply(state: CommentsListState, replyId: number, parentId: number): CommentsListState {
  let next = state;
  const slice = state.replies[parentId];
  if (slice) {
    next = updateReplies(next, parentId, (s) => ({ ...s, items: s.items.filter((r) => r.id !== replyId) }));
  }
  next = changeReplyCount(next, parentId, -1);
  // The server removes a deleted comment whose last reply goes; the list follows.
  const parent = next.entities.find((c) => c.id === parentId);
  if (parent?.deleted && parent.reply_count === 0) {
    next = { ...next, entities: next.entities.filter((c) => c.id !== parentId) };
  }
  return next;
}

/** The comments list's transitions, product §4. */
export function commentsListReducer(state: CommentsListState, action: CommentsListAction): CommentsListState {
  switch (action.type) {
    case 'fetchStarted':
      return { ...state, isLoading: true, error: null };
    case 'fetchSucceeded':
      return {
        ...state,
        entities: mergeById(state.entities, action.items),
        totalPages: action.pages,
        currentPage: action.page,
        hasMore: action.page < action.pages,
        isLoading: false,
      };
    case 'fetchFailed':
      return { ...state, error: action.error, isLoading: false };
    case 'sortChanged':
      return { ...state, entities: [], currentPage: 1, hasMore: true, currentSort: action.sort };
    case 'cleared':
      return { ...state, entities: [], currentPage: 1, hasMore: true };
    case 'commentAdded':
      return {
        ...state,
        entities: [action.comment, ...state.entities.filter((c) => c.id !== action.comment.id)],
      };
    case 'replyAdded': {
      const parentId = action.reply.parent_id;
      if (parentId === null) return state;
      let next = changeReplyCount(state, parentId, 1);
      if (state.replies[parentId]) {
        next = updateReplies(next, parentId, (s) => ({ ...s, items: mergeById(s.items, [action.reply]) }));
      }
      return next;
    }
    case 'replyCountChanged':
      return changeReplyCount(state, action.commentId, action.delta);
    case 'commentDeleted':
      return action.parentId === null
        ? deleteTopLevel(state, action.commentId)
        : deleteReply(state, action.commentId, action.parentId);
    case 'commentEdited':
      return updateComment(state, action.commentId, (c) => ({ ...c, content: action.content, edited: true }));
    case 'commentVoted':
      return updateComment(state, action.commentId, (c) => applyCommentVote(c, action.vote));
    case 'commentVoteSettled':
      return updateComment(state, action.commentId, (c) => ({
        ...c,
        upvotes: action.upvotes,
        downvotes: action.downvotes,
        user_vote: action.userVote,
      }));
    case 'repliesFetchStarted':
      return updateReplies(state, action.commentId, (s) => ({ ...s, isLoading: true, error: null }));
    case 'repliesFetchSucceeded':
      return updateReplies(state, action.commentId, (s) => ({
        items: mergeById(s.items, action.items),
        page: action.page,
        pages: action.pages,
        isLoading: false,
        error: null,
      }));
    case 'repliesFetchFailed':
      return updateReplies(state, action.commentId, (s) => ({ ...s, isLoading: false, error: action.error }));
  }
}

/** The replies of a comment as loaded so far (an empty, unloaded slice before the first fetch). */
export function repliesOf(state: CommentsListState, commentId: number): RepliesState {
  return state.replies[commentId] ?? emptyReplies;
}
