import type { Comment, NewReplyBody } from '#domain/comments';
import { commentEndpoints } from '#domain/endpoints/comments';
import { call } from '../../../lib/api-client.ts';

/** POST /api/comments/{comment_id}/replies {content, target_type, target_id}: the created reply. */
export async function createReply(commentId: number, body: NewReplyBody): Promise<Comment> {
  return call(commentEndpoints.reply, { params: { comment_id: commentId }, body });
}
