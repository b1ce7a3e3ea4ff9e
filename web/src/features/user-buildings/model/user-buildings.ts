import type { BuildingCard } from '#domain/building-list';
import type { EndpointQuery } from '#domain/endpoints/define';
import type { buildingEndpoints } from '#domain/endpoints/buildings';
import type { VoteValue } from '#domain/votes';

/** Texts of the user page's building sections (product §2). */
export const USER_BUILDINGS_TEXTS = {
  uploadedTitle: 'Uploaded Buildings',
  noUploads: 'No buildings uploaded.... yet!',
  loading: 'Loading buildings...',
  failed: 'Error loading buildings',
  loadMore: 'Load more',
  signedOut: 'Please log in to view rated buildings.',
  private: 'Rated buildings are private: only their owner can see them.',
} as const;

/** A card of the user page; rated buildings also carry the user's vote and when it was cast. */
export type RatedBuildingCard = BuildingCard;

/** A page of a paged building answer. */
export interface PagedAnswer {
  page: number;
  pages: number;
}

/** The page after this one, or undefined on the last page (drives 'Load more'). */
export function nextPage({ page, pages }: PagedAnswer): number | undefined {
  return page < pages ? page + 1 : undefined;
}

/* ---------- Rated buildings (product §2, user page Buildings) ---------- */

export type RatingFilter = 'liked' | 'neutral' | 'disliked';
export type VoteSortOrder = 'asc' | 'desc';

export const RATING_FILTERS: readonly { value: RatingFilter; label: string; vote: VoteValue }[] = [
  { value: 'liked', label: 'Liked', vote: 1 },
  { value: 'neutral', label: 'Neutral', vote: 0 },
  { value: 'disliked', label: 'Disliked', vote: -1 },
];

export interface RatedBuildingsFilter {
  rating: RatingFilter;
  sortOrder: VoteSortOrder;
}

/** Product §2: Liked first, newest votes first. */
export const INITIAL_RATED_FILTER: RatedBuildingsFilter = { rating: 'liked', sortOrder: 'desc' };

export function isRatingFilter(value: string): value is RatingFilter {
  return RATING_FILTERS.some((f) => f.value === value);
}

export function voteOfRating(rating: RatingFilter): VoteValue {
  return RATING_FILTERS.find((f) => f.value === rating)?.vote ?? 1;
}

/** The sort toggle flips between newest and oldest votes first. */
export function toggleSortOrder(order: VoteSortOrder): VoteSortOrder {
  return order === 'desc' ? 'asc' : 'desc';
}

export function sortOrderLabel(order: VoteSortOrder): string {
  return order === 'desc' ? 'Newest votes first' : 'Oldest votes first';
}

const EMPTY_RATED: Record<RatingFilter, string> = {
  liked: 'No liked buildings found.',
  neutral: 'No neutral buildings found.',
  disliked: 'No disliked buildings found.',
};

/** Product §2: 'No liked/neutral/disliked buildings found.' (whole sentences, for the catalogues). */
export function emptyRatedText(rating: RatingFilter): string {
  return EMPTY_RATED[rating];
}

/** The query of GET /api/buildings/ (the card list). */
export type BuildingListQuery = EndpointQuery<typeof buildingEndpoints.list>;

/** GET /api/buildings/ query of a user's rated buildings. */
export function ratedBuildingsQuery(
  handle: string,
  filter: RatedBuildingsFilter,
  page: number,
  perPage: number,
): BuildingListQuery {
  return {
    vote_user_handle: handle,
    vote_type: voteOfRating(filter.rating),
    sort_by: 'vote_date',
    sort_order: filter.sortOrder,
    page,
    per_page: perPage,
  };
}

/** GET /api/buildings/ query of the buildings a user added. */
export function uploadedBuildingsQuery(handle: string, page: number, perPage: number): BuildingListQuery {
  return { user_handle: handle, page, per_page: perPage };
}

export type RatedBuildingsAccess = 'owner' | 'signedOut' | 'notOwner';

/** A user's rated buildings are theirs alone: the API refuses anyone else, so the page does not ask. */
export function ratedBuildingsAccess(viewerHandle: string | null, pageHandle: string): RatedBuildingsAccess {
  if (viewerHandle === null) return 'signedOut';
  return viewerHandle === pageHandle ? 'owner' : 'notOwner';
}
