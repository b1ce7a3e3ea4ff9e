import type { VoteResult } from '#domain/votes';
import { voteEndpoints } from '#domain/endpoints/votes';
import { call } from '../../../lib/api-client.ts';
import type { CommentVote } from '../model/comments-list.ts';

/**
 * POST /api/votes/comment {votable_id, vote, votable_type: 'comment'}: the comment's new counts
 * and the caller's vote (0 when the same vote removed it).
 */
export async function voteOnComment(commentId: number, vote: CommentVote): Promise<VoteResult> {
  return call(voteEndpoints.cast, {
    params: { votable_type: 'comment' },
    body: { votable_type: 'comment', votable_id: commentId, vote },
  });
}
