import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  COMMENTS_PER_PAGE,
  type CommentList,
  type CommentSort,
  type CommentTargetType,
} from '#domain/comments';
import { commentEndpoints } from '#domain/endpoints/comments';
import { ApiError, call } from '../../../lib/api-client.ts';
import { commentKeys } from '../../../lib/query-keys.ts';
import { COMMENT_TEXTS } from '../model/comment-rules.ts';

export interface GetCommentsParams {
  targetType: CommentTargetType;
  targetId: number;
  page: number;
  sort: CommentSort;
  /** Product §9: 2 per page. */
  perPage?: number;
}

/**
 * GET /api/comments/{target_type}/{target_id}?page&per_page&sort: {items, pages, page}. A
 * response that is not ok fails with 'Failed to fetch comments' (product §8); a timeout keeps its text.
 */
export async function getComments(
  { targetType, targetId, page, sort, perPage = COMMENTS_PER_PAGE }: GetCommentsParams,
  signal?: AbortSignal,
): Promise<CommentList> {
  try {
    return await call(commentEndpoints.list, {
      params: { target_type: targetType, target_id: targetId },
      query: { page, per_page: perPage, sort },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(COMMENT_TEXTS.fetchFailed, { cause: error });
    throw error;
  }
}

/**
 * The top-level pages of one target in one sort, for one reader (each comment carries the
 * reader's own vote). Page n+1 exists while page < pages. No retries: a failure shows at once as
 * the list error, and 'Load More' tries again (product §4, §8).
 */
export function commentsQueryOptions(
  viewerId: number | null,
  targetType: CommentTargetType,
  targetId: number,
  sort: CommentSort,
) {
  return infiniteQueryOptions({
    queryKey: commentKeys.list(viewerId, targetType, targetId, sort),
    queryFn: ({ pageParam, signal }) => getComments({ targetType, targetId, page: pageParam, sort }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CommentList) => (last.page < last.pages ? last.page + 1 : undefined),
    retry: false,
  });
}
