import { useMutation } from '@tanstack/react-query';
import type { VoteBody, VoteResult } from '#domain/votes';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/votes/{votable_type} {votable_id, vote, votable_type}: answers the target's new
 * vote_stats and the caller's vote (the same vote again removes it).
 */
export async function castVote(body: VoteBody): Promise<VoteResult> {
  const data = await apiRequest<VoteResult>(`/votes/${body.votable_type}`, {
    method: 'POST',
    body,
    credentials: true,
  });
  if (!data) throw new Error('Empty answer from the vote');
  return data;
}

export function useCastVote() {
  return useMutation({ mutationFn: castVote });
}
