import {
  COMMENTS_PER_PAGE,
  type CommentList,
  type CommentSort,
  type CommentTargetType,
} from '#domain/comments';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { COMMENT_TEXTS } from '../model/comment-rules.ts';

export interface GetCommentsParams {
  targetType: CommentTargetType;
  targetId: number;
  page: number;
  sort: CommentSort;
  /** Spec 9: 2 per page. */
  perPage?: number;
}

/**
 * GET /api/comments/{target_type}/{target_id}?page&per_page&sort: {items, pages, page}. A
 * response that is not ok fails with 'Failed to fetch comments' (spec 8); a timeout keeps its text.
 */
export async function getComments(
  { targetType, targetId, page, sort, perPage = COMMENTS_PER_PAGE }: GetCommentsParams,
  signal?: AbortSignal,
): Promise<CommentList> {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage), sort });
  try {
    return await apiGet<CommentList>(`/comments/${targetType}/${targetId}?${query}`, {
      signal,
      credentials: true,
    });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(COMMENT_TEXTS.fetchFailed, { cause: error });
    throw error;
  }
}
