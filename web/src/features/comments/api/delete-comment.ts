import { commentEndpoints } from '#domain/endpoints/comments';
import { call } from '../../../lib/api-client.ts';

/** DELETE /api/comments/{comment_id}: 204, no body. */
export async function deleteComment(commentId: number): Promise<void> {
  await call(commentEndpoints.remove, { params: { comment_id: commentId } });
}
