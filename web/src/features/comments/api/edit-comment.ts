import type { Comment } from '#domain/comments';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/comments/{comment_id} {content}: the changed comment. */
export async function editComment(commentId: number, content: string): Promise<Comment> {
  const changed = await apiRequest<Comment>(`/comments/${commentId}`, {
    method: 'PUT',
    body: { content },
    credentials: true,
  });
  if (!changed) throw new Error('Empty answer from the comment edit');
  return changed;
}
