import type { Comment, CommentTargetType } from '#domain/comments';
import { apiRequest } from '../../../lib/api-client.ts';
import { COMMENT_TEXTS } from '../model/comment-rules.ts';

export interface CreateCommentParams {
  targetType: CommentTargetType;
  targetId: number;
  content: string;
}

/** POST /api/comments/{target_type}/{target_id} {content}: the created comment. Fails with 'Failed to add comment' (product §8). */
export async function createComment({
  targetType,
  targetId,
  content,
}: CreateCommentParams): Promise<Comment> {
  let created: Comment | null;
  try {
    created = await apiRequest<Comment>(`/comments/${targetType}/${targetId}`, {
      method: 'POST',
      body: { content },
      credentials: true,
    });
  } catch (error) {
    throw new Error(COMMENT_TEXTS.addFailed, { cause: error });
  }
  if (!created) throw new Error(COMMENT_TEXTS.addFailed);
  return created;
}
