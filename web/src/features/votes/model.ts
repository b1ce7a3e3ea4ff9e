import { applyVote, voteStatsOf, type VotableType, type VoteStats, type VoteValue } from '#domain/votes';

/** Product §9: the vote spinner shows for 750 ms after a face is chosen. */
export const VOTE_SPINNER_MS = 750;

/** Targets voted on with faces (product §3): comments use up/down instead. */
export type FaceVotableType = Exclude<VotableType, 'comment'>;

export type FaceName = 'smile' | 'meh' | 'frown';

export interface Face {
  name: FaceName;
  /** The accessible name of its button. */
  label: string;
  /** Product §3: smile 1, meh 0, frown -1. */
  value: VoteValue;
  /** The vote_stats counter this face feeds. */
  counter: 'upvotes' | 'meh_votes' | 'downvotes';
}

/** The three faces, in the order they are shown. */
export const FACES: readonly Face[] = [
  { name: 'smile', label: 'Smile', value: 1, counter: 'upvotes' },
  { name: 'meh', label: 'Meh', value: 0, counter: 'meh_votes' },
  { name: 'frown', label: 'Frown', value: -1, counter: 'downvotes' },
];

/** How many votes a face has. */
export function faceCount(stats: VoteStats, face: Face): number {
  return stats[face.counter];
}

/** Product §4: the active choice is highlighted. 0 (meh) is a choice; null is none. */
export function isActiveFace(userVote: VoteValue | null, face: Face): boolean {
  return userVote !== null && userVote === face.value;
}

/** The accessible name of a face button, e.g. 'Smile, 3 votes'. */
export function faceButtonLabel(face: Face, count: number): string {
  return `${face.label}, ${count} ${count === 1 ? 'vote' : 'votes'}`;
}

export interface ShownVote {
  voteStats: VoteStats;
  userVote: VoteValue | null;
}

/** A vote answer remembered against the values the parent passed when it arrived. */
export interface VoteOverride {
  basis: ShownVote;
  latest: ShownVote;
}

const sameVote = (a: ShownVote, b: ShownVote) =>
  a.userVote === b.userVote &&
  a.voteStats.net_votes === b.voteStats.net_votes &&
  a.voteStats.upvotes === b.voteStats.upvotes &&
  a.voteStats.meh_votes === b.voteStats.meh_votes &&
  a.voteStats.downvotes === b.voteStats.downvotes;

/**
 * What to show: the server's latest answer, until the parent passes other values (it stored the
 * answer, or refetched after a login or logout); then the parent's values again.
 */
export function shownVote(fromParent: ShownVote, override: VoteOverride | null): ShownVote {
  return override && sameVote(override.basis, fromParent) ? override.latest : fromParent;
}

/**
 * Product §4: what a face vote shows at once, before the server answers: the same face again
 * removes the vote, another face moves it (the rule the server applies, domain/votes.ts).
 */
export function optimisticVote(current: ShownVote, requested: VoteValue): ShownVote {
  const { vote, counts } = applyVote(current.voteStats, current.userVote, requested);
  return { voteStats: voteStatsOf(counts), userVote: vote };
}
