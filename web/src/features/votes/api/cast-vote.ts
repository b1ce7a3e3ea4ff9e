import { useMutation } from '@tanstack/react-query';
import type { VoteBody, VoteResult } from '#domain/votes';
import { voteEndpoints } from '#domain/endpoints/votes';
import { call } from '../../../lib/api-client.ts';

/**
 * POST /api/votes/{votable_type} {votable_id, vote, votable_type}: answers the target's new
 * vote_stats and the caller's vote (the same vote again removes it).
 */
export async function castVote(body: VoteBody): Promise<VoteResult> {
  return call(voteEndpoints.cast, { params: { votable_type: body.votable_type }, body });
}

export function useCastVote() {
  return useMutation({ mutationFn: castVote });
}
