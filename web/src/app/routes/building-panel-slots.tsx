import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { BuildingDetail } from '#domain/building-detail';
import type { BuildingPanelSlots } from '../../features/buildings/components/building-panel.tsx';
import { AddToListButton } from '../../features/lists/components/add-to-list-button.tsx';
import { ReportButton } from '../../features/reports/components/report-button.tsx';
import { reportComment } from './report-actions.tsx';
import { VoteFaces } from '../../features/votes/components/vote-faces.tsx';
import { markBuildingVoteStale, writeBuildingVote } from '../../lib/server-cache.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The building's vote faces. The shown vote goes into every cached view of the building at once
 * (the panel's detail, its card in the explore list and on user pages), guess first, then the
 * server's answer (a vote in the panel shows on the card beside it without a reload).
 */
function BuildingVoteFaces({ building }: { building: BuildingDetail }) {
  const queryClient = useQueryClient();
  return (
    <VoteFaces
      votableType="building"
      votableId={building.id}
      voteStats={building.vote_stats}
      userVote={building.user_vote}
      onChange={(vote) =>
        writeBuildingVote(queryClient, building.id, { vote_stats: vote.voteStats, user_vote: vote.userVote })
      }
      onVoted={() => markBuildingVoteStale(queryClient)}
      label={t('Building votes')}
    />
  );
}

// The comments (their list, form, votes and replies) sit below the building's own sections: their
// code loads with the first building shown rather than with the page, which keeps the building
// page's first download within its budget (scripts/budgets.ts).
const CommentsSection = lazy(() =>
  import('../../features/comments/components/comments-section.tsx').then((m) => ({
    default: m.CommentsSection,
  })),
);

/** Product §2: the building profile shows vote faces and comments. */
export const votesAndCommentsSlots: Pick<BuildingPanelSlots, 'votes' | 'comments'> = {
  votes: (building) => <BuildingVoteFaces building={building} />,
  // The building panel holds the page's h1 (the building's name): its sections are h2.
  comments: (building) => (
    <Suspense
      fallback={
        <Center mih={80}>
          <Loader size="sm" role="status" aria-label={t('Loading comments')} />
        </Center>
      }
    >
      <CommentsSection targetType="building" targetId={building.id} headingOrder={2} report={reportComment} />
    </Suspense>
  ),
};

/** Product §2 and 6: the Add to List button (signed-in users only) and its dialog. */
export const addToListSlots: Pick<BuildingPanelSlots, 'addToList'> = {
  addToList: (building) => <AddToListButton buildingId={building.id} buildingName={building.name} />,
};

/** The flag button: reports the building to the moderators (signed-in users; visitors are asked to log in). */
export const reportSlot: Pick<BuildingPanelSlots, 'report'> = {
  report: (building) => (
    <ReportButton targetType="building" targetId={building.id} label={t('Flag building')} />
  ),
};
