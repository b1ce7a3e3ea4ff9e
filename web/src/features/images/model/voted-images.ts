import type { ImageSort } from '#domain/images';
import type { FaceFilter, ImageListQuery } from '../api/get-images.ts';

/** Product §2 'User page', Images: the texts of the voted-images section. */
export const VOTED_IMAGES_TEXTS = {
  loading: 'Loading...',
  loggedOut: 'Please log in to view your voted images.',
  /** The other screen variant of product §2, used as the login modal's message from this tab. */
  loginMessage: 'You need to be logged in to view your voted images.',
  noVotes: "You haven't voted on any images yet.",
  error: 'Error loading images',
} as const;

const EMPTY_BY_FACE: Record<FaceFilter, string> = {
  smile: "You haven't liked any images.",
  meh: "You haven't felt neutral about any images.",
  frown: "You haven't disliked any images.",
};

/** The empty text for a face filter, or without one. */
export function votedImagesEmptyText(face: FaceFilter | null | undefined): string {
  return face ? EMPTY_BY_FACE[face] : VOTED_IMAGES_TEXTS.noVotes;
}

/** Product §2: vote_date 'Vote Date', date_added 'Date Added', controversial, popular. */
export const VOTED_SORT_OPTIONS: readonly { value: ImageSort; label: string }[] = [
  { value: 'vote_date', label: 'Vote Date' },
  { value: 'date_added', label: 'Date Added' },
  { value: 'controversial', label: 'Controversial' },
  { value: 'popular', label: 'Most Popular' },
];

/** Product §9: default rating filter smile; newest votes first. */
export const VOTED_DEFAULT_QUERY: ImageListQuery = {
  sortBy: 'vote_date',
  sortOrder: 'desc',
  imageTypes: [],
  userVoteType: 'smile',
};

/** Clicking the chosen face deselects it (product §2: 'can be deselected'). */
export function nextFace(current: FaceFilter | null | undefined, clicked: FaceFilter): FaceFilter | null {
  return current === clicked ? null : clicked;
}
