import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/comments/{comment_id}: 204, no body. */
export async function deleteComment(commentId: number): Promise<void> {
  await apiRequest<null>(`/comments/${commentId}`, { method: 'DELETE', credentials: true });
}
