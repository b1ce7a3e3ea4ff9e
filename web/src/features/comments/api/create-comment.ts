import type { Comment, CommentTargetType } from '#domain/comments';
import { commentEndpoints } from '#domain/endpoints/comments';
import { call } from '../../../lib/api-client.ts';
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
  try {
    return await call(commentEndpoints.create, {
      params: { target_type: targetType, target_id: targetId },
      body: { content },
    });
  } catch (error) {
    throw new Error(COMMENT_TEXTS.addFailed, { cause: error });
  }
}
