import { useQueryClient } from '@tanstack/react-query';
import type { BuildingDetail } from '#domain/buildings';
import type { VoteResult } from '#domain/votes';
import { buildingQueryOptions } from '../../features/buildings/api/get-building.ts';
import type { BuildingPanelSlots } from '../../features/buildings/components/building-panel.tsx';
import { AddToListButton } from '../../features/lists/components/add-to-list-button.tsx';
import { CommentsSection } from '../../features/comments/components/comments-section.tsx';
import { VoteFaces } from '../../features/votes/components/vote-faces.tsx';
import { BUILDINGS_QUERY_PREFIX } from '../../lib/query-keys.ts';

/** The building's vote faces; the answer is written into the building's cached detail. */
function BuildingVoteFaces({ building }: { building: BuildingDetail }) {
  const queryClient = useQueryClient();
  const onVoted = (result: VoteResult) => {
    queryClient.setQueryData(buildingQueryOptions(building.id).queryKey, (old) =>
      old ? { ...old, vote_stats: result.vote_stats, user_vote: result.user_vote } : old,
    );
    // Lists and the map carry vote_stats too: refresh them when next shown, not now.
    void queryClient.invalidateQueries({
      queryKey: [BUILDINGS_QUERY_PREFIX],
      refetchType: 'none',
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  };
  return (
    <VoteFaces
      votableType="building"
      votableId={building.id}
      voteStats={building.vote_stats}
      userVote={building.user_vote}
      onVoted={onVoted}
      label="Building votes"
    />
  );
}

/** Spec 2: the building profile shows vote faces and comments. */
export const votesAndCommentsSlots: Pick<BuildingPanelSlots, 'votes' | 'comments'> = {
  votes: (building) => <BuildingVoteFaces building={building} />,
  comments: (building) => <CommentsSection targetType="building" targetId={building.id} />,
};

/** Spec 2 and 6: the Add to List button (signed-in users only) and its dialog. */
export const addToListSlots: Pick<BuildingPanelSlots, 'addToList'> = {
  addToList: (building) => <AddToListButton buildingId={building.id} buildingName={building.name} />,
};
