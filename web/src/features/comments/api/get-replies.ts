import { infiniteQueryOptions } from '@tanstack/react-query';
import { REPLIES_PER_PAGE, type CommentReplies, type CommentTargetType } from '#domain/comments';
import { commentEndpoints } from '#domain/endpoints/comments';
import { call } from '../../../lib/api-client.ts';
import { commentKeys } from '../../../lib/query-keys.ts';

/** GET /api/comments/{comment_id}/replies?page&per_page (product §9: 20 per page), oldest first. */
export function getReplies(
  commentId: number,
  page: number,
  signal?: AbortSignal,
  perPage: number = REPLIES_PER_PAGE,
): Promise<CommentReplies> {
  return call(commentEndpoints.replies, {
    params: { comment_id: commentId },
    query: { page, per_page: perPage },
    signal,
  });
}

/** The pages of one comment's replies (product §9: 20 per page); no retries, 'Try again' does it. */
export function repliesQueryOptions(
  viewerId: number | null,
  targetType: CommentTargetType,
  targetId: number,
  commentId: number,
) {
  return infiniteQueryOptions({
    queryKey: commentKeys.replies(viewerId, targetType, targetId, commentId),
    queryFn: ({ pageParam, signal }) => getReplies(commentId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CommentReplies) => (last.page < last.pages ? last.page + 1 : undefined),
    retry: false,
  });
}
