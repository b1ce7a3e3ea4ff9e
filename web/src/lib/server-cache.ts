import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { BuildingDetail } from '#domain/building-detail';
import type { BuildingList } from '#domain/building-list';
import type { VoteStats, VoteValue } from '#domain/votes';
import { BUILDINGS_QUERY_PREFIX, buildingKeys } from './query-keys.ts';

/**
 * Writes that reach every place a piece of server data is shown (product §2: the building panel,
 * the explore cards, the map's popups, the user pages, the image views), so a vote or a change
 * shows at once everywhere without a reload. Each write changes the cached answers in place; what
 * the write cannot compute (who is in a rated list, the map's features) is marked stale and
 * refetched when next shown. Image lists and comments keep their writes in their features
 * (features/images/api/image-cache.ts, features/comments/hooks/use-comments-list.ts), next to the
 * product rules they apply.
 */

/** A face vote as the product shows it: the counts and the reader's own face (null when none). */
export interface FaceVoteState {
  vote_stats: VoteStats;
  user_vote: VoteValue | null;
}

type Paged<T> = InfiniteData<T, unknown>;

function mapPages<T>(data: Paged<T> | undefined, change: (page: T) => T): Paged<T> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map(change) };
}

function withCardVote(list: BuildingList, id: number, stats: VoteStats): BuildingList {
  if (!list.items.some((card) => card.id === id)) return list;
  return {
    ...list,
    items: list.items.map((card) => (card.id === id ? { ...card, vote_stats: stats } : card)),
  };
}

/**
 * A building's vote, everywhere it is shown: its detail (panel) and its card in the explore list
 * and in the user pages' uploaded and rated lists. Called with the guess at once (optimistic),
 * then with the server's answer, or with the previous values when the vote failed.
 */
export function writeBuildingVote(queryClient: QueryClient, buildingId: number, vote: FaceVoteState): void {
  queryClient.setQueryData<BuildingDetail>(buildingKeys.detail(buildingId), (old) =>
    old ? { ...old, vote_stats: vote.vote_stats, user_vote: vote.user_vote } : old,
  );
  queryClient.setQueriesData<BuildingList>({ queryKey: buildingKeys.lists }, (old) =>
    old ? withCardVote(old, buildingId, vote.vote_stats) : old,
  );
  for (const kind of ['uploaded-by', 'rated-by'] as const) {
    queryClient.setQueriesData<Paged<BuildingList>>({ queryKey: [BUILDINGS_QUERY_PREFIX, kind] }, (old) =>
      mapPages(old, (page) => withCardVote(page, buildingId, vote.vote_stats)),
    );
  }
}

/**
 * After the server settled a building vote, what a write cannot know is fetched again when next
 * shown, not now: who is in a face's rated list, and the map's features (they carry vote_stats,
 * but the map shows no counts, so redrawing it on every vote would cost without showing anything).
 */
export function markBuildingVoteStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: buildingKeys.ratedByAll, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: buildingKeys.geojsonAll, refetchType: 'none' });
}
