import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Comment, CommentSort, CommentTargetType } from '#domain/comments';
import { createComment } from '../api/create-comment.ts';
import { createReply } from '../api/create-reply.ts';
import { deleteComment } from '../api/delete-comment.ts';
import { editComment } from '../api/edit-comment.ts';
import { getComments } from '../api/get-comments.ts';
import { getReplies } from '../api/get-replies.ts';
import { voteOnComment } from '../api/vote-on-comment.ts';
import { COMMENT_TEXTS } from '../model/comment-rules.ts';
import {
  commentsListReducer,
  initialCommentsListState,
  type CommentVote,
  type CommentsListState,
} from '../model/comments-list.ts';

export interface CommentsListActions {
  /** Spec 2: 'Load More' asks for the next page. */
  loadMore: () => void;
  /** Spec 4: changing sort empties the list and starts again at page 1. */
  changeSort: (sort: CommentSort) => void;
  /** Loads a page of a comment's replies (20 per page). */
  loadReplies: (commentId: number, page: number) => void;
  /** Resolves false when the post failed ('Failed to add comment' is for the caller to show). */
  addComment: (content: string) => Promise<boolean>;
  /** Failures are only logged (spec 8); resolves whether the reply was saved. */
  addReply: (parent: Comment, content: string) => Promise<boolean>;
  editComment: (comment: Comment, content: string) => Promise<boolean>;
  deleteComment: (comment: Comment) => Promise<boolean>;
  /** Shows the vote at once (spec 4 rule), then the server's counts; a failure is logged and undone. */
  vote: (comment: Comment, vote: CommentVote) => Promise<void>;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The comments of one building or image (spec 2-4, 7): the list's reducer plus the calls that
 * drive it. Remount it (a React key) to start over for another target or user.
 */
export function useCommentsList(
  targetType: CommentTargetType,
  targetId: number,
): { state: CommentsListState; actions: CommentsListActions } {
  const [state, dispatch] = useReducer(commentsListReducer, initialCommentsListState);
  const listRequest = useRef<AbortController | null>(null);
  const repliesRequests = useRef(new Map<number, AbortController>());
  // Read by callbacks at call time, so they need not change with every state change.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  const fetchPage = useCallback(
    (page: number, sort: CommentSort) => {
      listRequest.current?.abort();
      const controller = new AbortController();
      listRequest.current = controller;
      dispatch({ type: 'fetchStarted' });
      getComments({ targetType, targetId, page, sort }, controller.signal).then(
        (list) => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'fetchSucceeded', items: list.items, pages: list.pages, page: list.page });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          dispatch({ type: 'fetchFailed', error: messageOf(error, COMMENT_TEXTS.fetchFailed) });
        },
      );
    },
    [targetType, targetId],
  );

  // The first page, again whenever the sort changes (the sort change emptied the list).
  useEffect(() => {
    fetchPage(1, state.currentSort);
  }, [fetchPage, state.currentSort]);

  useEffect(() => {
    const replies = repliesRequests.current;
    return () => {
      listRequest.current?.abort();
      for (const controller of replies.values()) controller.abort();
    };
  }, []);

  const loadMore = useCallback(() => {
    const { isLoading, hasMore, currentPage, currentSort, entities } = latest.current;
    if (isLoading || !hasMore) return;
    fetchPage(entities.length === 0 ? 1 : currentPage + 1, currentSort);
  }, [fetchPage]);

  const changeSort = useCallback((sort: CommentSort) => {
    if (sort !== latest.current.currentSort) dispatch({ type: 'sortChanged', sort });
  }, []);

  const loadReplies = useCallback((commentId: number, page: number) => {
    repliesRequests.current.get(commentId)?.abort();
    const controller = new AbortController();
    repliesRequests.current.set(commentId, controller);
    dispatch({ type: 'repliesFetchStarted', commentId });
    getReplies(commentId, page, controller.signal).then(
      (replies) => {
        if (controller.signal.aborted) return;
        dispatch({
          type: 'repliesFetchSucceeded',
          commentId,
          items: replies.items,
          page: replies.page,
          pages: replies.pages,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        console.error(`Loading the replies of comment ${commentId} failed`, error);
        dispatch({ type: 'repliesFetchFailed', commentId, error: COMMENT_TEXTS.repliesFailed });
      },
    );
  }, []);

  const actions = useMemo<CommentsListActions>(
    () => ({
      loadMore,
      changeSort,
      loadReplies,
      addComment: async (content) => {
        try {
          const comment = await createComment({ targetType, targetId, content });
          dispatch({ type: 'commentAdded', comment });
          return true;
        } catch (error) {
          console.error(error);
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
          dispatch({ type: 'replyAdded', reply });
          return true;
        } catch (error) {
          console.error(`Replying to comment ${parent.id} failed`, error);
          return false;
        }
      },
      editComment: async (comment, content) => {
        try {
          const changed = await editComment(comment.id, content);
          dispatch({ type: 'commentEdited', commentId: comment.id, content: changed.content });
          return true;
        } catch (error) {
          console.error(`Editing comment ${comment.id} failed`, error);
          return false;
        }
      },
      deleteComment: async (comment) => {
        try {
          await deleteComment(comment.id);
          dispatch({ type: 'commentDeleted', commentId: comment.id, parentId: comment.parent_id });
          return true;
        } catch (error) {
          console.error(`Deleting comment ${comment.id} failed`, error);
          return false;
        }
      },
      vote: async (comment, vote) => {
        dispatch({ type: 'commentVoted', commentId: comment.id, vote });
        try {
          const result = await voteOnComment(comment.id, vote);
          dispatch({
            type: 'commentVoteSettled',
            commentId: comment.id,
            upvotes: result.vote_stats.upvotes,
            downvotes: result.vote_stats.downvotes,
            userVote: result.user_vote === 1 || result.user_vote === -1 ? result.user_vote : 0,
          });
        } catch (error) {
          console.error(`Voting on comment ${comment.id} failed`, error);
          dispatch({
            type: 'commentVoteSettled',
            commentId: comment.id,
            upvotes: comment.upvotes,
            downvotes: comment.downvotes,
            userVote: comment.user_vote,
          });
        }
      },
    }),
    [targetType, targetId, loadMore, changeSort, loadReplies],
  );

  return { state, actions };
}
