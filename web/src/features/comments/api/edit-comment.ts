import type { Comment } from '#domain/comments';
import { commentEndpoints } from '#domain/endpoints/comments';
import { call } from '../../../lib/api-client.ts';

/** PUT /api/comments/{comment_id} {content}: the changed comment. */
export async function editComment(commentId: number, content: string): Promise<Comment> {
  return call(commentEndpoints.edit, { params: { comment_id: commentId }, body: { content } });
}
