import type { VoteResult } from '#domain/votes';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CommentVote } from '../model/comments-list.ts';

/**
 * POST /api/votes/comment {votable_id, vote, votable_type: 'comment'}: the comment's new counts
 * and the caller's vote (0 when the same vote removed it).
 */
export async function voteOnComment(commentId: number, vote: CommentVote): Promise<VoteResult> {
  const result = await apiRequest<VoteResult>('/votes/comment', {
    method: 'POST',
    body: { votable_type: 'comment', votable_id: commentId, vote },
    credentials: true,
  });
  if (!result) throw new Error('Empty answer from the comment vote');
  return result;
}
