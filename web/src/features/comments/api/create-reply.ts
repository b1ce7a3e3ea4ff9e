import type { Comment, NewReplyBody } from '#domain/comments';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/comments/{comment_id}/replies {content, target_type, target_id}: the created reply. */
export async function createReply(commentId: number, body: NewReplyBody): Promise<Comment> {
  const created = await apiRequest<Comment>(`/comments/${commentId}/replies`, {
    method: 'POST',
    body,
    credentials: true,
  });
  if (!created) throw new Error('Empty answer from the reply');
  return created;
}
