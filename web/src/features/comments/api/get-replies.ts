import { REPLIES_PER_PAGE, type CommentReplies } from '#domain/comments';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/comments/{comment_id}/replies?page&per_page (spec 9: 20 per page), oldest first. */
export function getReplies(
  commentId: number,
  page: number,
  signal?: AbortSignal,
  perPage: number = REPLIES_PER_PAGE,
): Promise<CommentReplies> {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  return apiGet<CommentReplies>(`/comments/${commentId}/replies?${query}`, { signal, credentials: true });
}
