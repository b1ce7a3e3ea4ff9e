import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_COMMENT_SORT,
  type Comment,
  type CommentSort,
  type CommentTargetType,
} from '#domain/comments';
import { commentKeys } from '../../../lib/query-keys.ts';
import { createComment } from '../api/create-comment.ts';
import { createReply } from '../api/create-reply.ts';
import { deleteComment } from '../api/delete-comment.ts';
import { editComment } from '../api/edit-comment.ts';
import { commentsQueryOptions } from '../api/get-comments.ts';
import { repliesQueryOptions } from '../api/get-replies.ts';
import { voteOnComment } from '../api/vote-on-comment.ts';
import { COMMENT_TEXTS } from '../model/comment-rules.ts';
import {
  changeListPages,
  changeReplyPages,
  listStateFrom,
  repliesStateFrom,
  type CommentChange,
  type CommentPages,
  type ReplyPages,
} from '../model/comments-cache.ts';
import type { CommentVote, CommentsListState, RepliesState } from '../model/comments-list.ts';

/** Whose comments of what: the cache holds one copy per reader (each comment carries their vote). */
export interface CommentsTarget {
  viewerId: number | null;
  targetType: CommentTargetType;
  targetId: number;
}

export interface CommentsListActions {
  /** Product §2: 'Load More' asks for the next page (or page 1 again after it failed). */
  loadMore: () => void;
  /** Product §4: changing sort empties the list and starts again at page 1. */
  changeSort: (sort: CommentSort) => void;
  /** Resolves false when the post failed ('Failed to add comment' is for the caller to show). */
  addComment: (content: string) => Promise<boolean>;
  /** Failures are only logged (product §8); resolves whether the reply was saved. */
  addReply: (parent: Comment, content: string) => Promise<boolean>;
  editComment: (comment: Comment, content: string) => Promise<boolean>;
  deleteComment: (comment: Comment) => Promise<boolean>;
  /** Shows the vote at once (product §4 rule), then the server's counts; a failure is logged and undone. */
  vote: (comment: Comment, vote: CommentVote) => Promise<void>;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** A product §4 change, applied to every cached page of the target that holds the comment. */
export function changeCachedComments(
  queryClient: QueryClient,
  { viewerId, targetType, targetId }: CommentsTarget,
  change: CommentChange,
): void {
  queryClient.setQueriesData<CommentPages>(
    { queryKey: commentKeys.lists(viewerId, targetType, targetId) },
    (data) => data && changeListPages(data, change),
  );
  queryClient.setQueriesData<ReplyPages>(
    { queryKey: commentKeys.repliesAll(viewerId, targetType, targetId) },
    (data) => data && changeReplyPages(data, change),
  );
}

/**
 * The comments of one building or image (product §2-4, 7), read from the query cache: the list's
 * state is derived from the cached pages by the product §4 reducer, and each change writes the
 * same reducer's transition into the cache, so every view of these comments follows at once.
 */
export function useCommentsList(target: CommentsTarget): {
  state: CommentsListState;
  actions: CommentsListActions;
} {
  const { viewerId, targetType, targetId } = target;
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<CommentSort>(DEFAULT_COMMENT_SORT);
  const query = useInfiniteQuery(commentsQueryOptions(viewerId, targetType, targetId, sort));
  const { data, error, isFetching, isFetchingNextPage, fetchNextPage, refetch } = query;
  const loading = isFetching && (data === undefined || isFetchingNextPage);
  const state = useMemo(
    () =>
      listStateFrom(sort, data?.pages, {
        loading,
        error: error ? messageOf(error, COMMENT_TEXTS.fetchFailed) : null,
      }),
    [sort, data, loading, error],
  );

  const loadMore = useCallback(() => {
    if (state.isLoading || !state.hasMore) return;
    if (!data || data.pages.length === 0) void refetch();
    else void fetchNextPage();
  }, [state.isLoading, state.hasMore, data, refetch, fetchNextPage]);

  const changeSort = useCallback(
    (next: CommentSort) => {
      if (next === sort) return;
      // Product §4: another sort starts empty at page 1, not from pages cached earlier.
      queryClient.removeQueries({
        queryKey: commentKeys.list(viewerId, targetType, targetId, next),
        exact: true,
      });
      setSort(next);
    },
    [sort, queryClient, viewerId, targetType, targetId],
  );

  const actions = useMemo<CommentsListActions>(() => {
    const where = { viewerId, targetType, targetId };
    const change = (c: CommentChange) => changeCachedComments(queryClient, where, c);
    return {
      loadMore,
      changeSort,
      addComment: async (content) => {
        try {
          const comment = await createComment({ targetType, targetId, content });
          change({ type: 'commentAdded', comment });
          return true;
        } catch (err) {
          console.error(err);
          return false;
        }
      },
      addReply: async (parent, content) => {
        try {
          const reply = await createReply(parent.id, {
            content,
            target_type: parent.target_type,
            target_id: parent.target_id,
          });
          change({ type: 'replyAdded', reply });
          return true;
        } catch (err) {
          console.error(`Replying to comment ${parent.id} failed`, err);
          return false;
        }
      },
      editComment: async (comment, content) => {
        try {
          const changed = await editComment(comment.id, content);
          change({ type: 'commentEdited', commentId: comment.id, content: changed.content });
          return true;
        } catch (err) {
          console.error(`Editing comment ${comment.id} failed`, err);
          return false;
        }
      },
      deleteComment: async (comment) => {
        try {
          await deleteComment(comment.id);
          change({ type: 'commentDeleted', commentId: comment.id, parentId: comment.parent_id });
          return true;
        } catch (err) {
          console.error(`Deleting comment ${comment.id} failed`, err);
          return false;
        }
      },
      vote: async (comment, vote) => {
        change({ type: 'commentVoted', commentId: comment.id, vote });
        try {
          const result = await voteOnComment(comment.id, vote);
          change({
            type: 'commentVoteSettled',
            commentId: comment.id,
            upvotes: result.vote_stats.upvotes,
            downvotes: result.vote_stats.downvotes,
            userVote: result.user_vote === 1 || result.user_vote === -1 ? result.user_vote : 0,
          });
        } catch (err) {
          console.error(`Voting on comment ${comment.id} failed`, err);
          change({
            type: 'commentVoteSettled',
            commentId: comment.id,
            upvotes: comment.upvotes,
            downvotes: comment.downvotes,
            userVote: comment.user_vote,
          });
        }
      },
    };
  }, [queryClient, viewerId, targetType, targetId, loadMore, changeSort]);

  return { state, actions };
}

/**
 * The replies of one opened top-level comment (product §9: 20 per page, oldest first), from the
 * cache; `loadMore` asks for the next page, or the failed one again.
 */
export function useCommentReplies(
  target: CommentsTarget,
  commentId: number,
): { replies: RepliesState; loadMore: () => void } {
  const query = useInfiniteQuery(
    repliesQueryOptions(target.viewerId, target.targetType, target.targetId, commentId),
  );
  const { data, error, isFetching, isFetchingNextPage, fetchNextPage, refetch } = query;
  const loading = isFetching && (data === undefined || isFetchingNextPage);
  useEffect(() => {
    // Product §8: the reader sees 'Error loading replies'; the cause is only logged.
    if (error) console.error(`Loading the replies of comment ${commentId} failed`, error);
  }, [error, commentId]);
  const replies = useMemo(
    () =>
      repliesStateFrom(commentId, data?.pages, {
        loading,
        error: error ? COMMENT_TEXTS.repliesFailed : null,
      }),
    [commentId, data, loading, error],
  );
  const loadMore = useCallback(() => {
    if (!data || data.pages.length === 0) void refetch();
    else void fetchNextPage();
  }, [data, refetch, fetchNextPage]);
  return { replies, loadMore };
}
