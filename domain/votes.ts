import { z } from 'zod';
import { ID_MAX } from './query-params.ts';

/** vote_stats of product §3: net = smiles minus frowns. */
export const voteStatsSchema = z
  .object({
    net_votes: z.number().int(),
    upvotes: z.number().int(),
    meh_votes: z.number().int(),
    downvotes: z.number().int(),
  })
  .meta({ id: 'VoteStats' });

export type VoteStats = z.infer<typeof voteStatsSchema>;

export const VOTABLE_TYPES = ['building', 'image', 'comment', 'architectural_style'] as const;
export type VotableType = (typeof VOTABLE_TYPES)[number];

/** Face votes: smile 1, meh 0, frown -1. Comment votes: 1 up, -1 down. */
export const FACE_VOTES = [1, 0, -1] as const;
export const COMMENT_VOTES = [1, -1] as const;
export type VoteValue = (typeof FACE_VOTES)[number];

/** A user's current vote on a target; null when none. */
export const userVoteSchema = z.union([z.literal(1), z.literal(0), z.literal(-1)]).nullable();

/** Whether `vote` is a value `type` accepts (comments have no meh). */
export function isAllowedVote(type: VotableType, vote: number): vote is VoteValue {
  const allowed: readonly number[] = type === 'comment' ? COMMENT_VOTES : FACE_VOTES;
  return allowed.includes(vote);
}

// ---------------------------------------------------------------------------------------------
// Payloads

export const votableTypeSchema = z
  .enum(VOTABLE_TYPES, { error: () => `votable_type must be one of ${VOTABLE_TYPES.join(', ')}` })
  .meta({ id: 'VotableType' });

export const voteParamsSchema = z.object({ votable_type: votableTypeSchema });

export const voteBodySchema = z
  .object({
    votable_type: votableTypeSchema.describe('Must equal the path segment'),
    votable_id: z
      .number({ error: 'votable_id must be a number' })
      .int('votable_id must be a whole number')
      .positive('votable_id must be a positive whole number')
      .max(ID_MAX, 'votable_id is too large'),
    vote: z
      .literal(FACE_VOTES, { error: 'vote must be 1, 0 or -1' })
      .describe(
        'Faces: 1 smile, 0 meh, -1 frown. Comments: 1 up, -1 down. The same value again removes the vote.',
      ),
  })
  .superRefine((body, ctx) => {
    if (!isAllowedVote(body.votable_type, body.vote)) {
      ctx.addIssue({ code: 'custom', path: ['vote'], message: 'A comment vote must be 1 (up) or -1 (down)' });
    }
  })
  .meta({ id: 'VoteRequest' });

export type VoteBody = z.infer<typeof voteBodySchema>;

export const voteResultSchema = z
  .object({
    votable_type: votableTypeSchema,
    votable_id: z.number().int(),
    vote_stats: voteStatsSchema,
    user_vote: userVoteSchema.describe(
      "The caller's vote after this request. Faces: null when none. Comments: 0 when none (as on a comment).",
    ),
  })
  .meta({ id: 'VoteResult' });

export type VoteResult = z.infer<typeof voteResultSchema>;

// ---------------------------------------------------------------------------------------------
// Pure rules

export interface VoteCounts {
  upvotes: number;
  meh_votes: number;
  downvotes: number;
}

/** Which counter a vote value feeds: 1 upvotes (smile), 0 meh_votes, -1 downvotes (frown). */
export const VOTE_COUNTER = { 1: 'upvotes', 0: 'meh_votes', [-1]: 'downvotes' } as const satisfies Record<
  VoteValue,
  keyof VoteCounts
>;

/** Product §4 (comment vote): the same vote again toggles off (null); any other vote replaces it. */
export function nextVote(previous: VoteValue | null, requested: VoteValue): VoteValue | null {
  return previous === requested ? null : requested;
}

/**
 * Product §4 (comment vote): the previous vote is first removed from the counts, then the new one
 * (if any) raises its own count. The result is what to add to each counter.
 */
export function voteCountDeltas(previous: VoteValue | null, next: VoteValue | null): VoteCounts {
  const deltas: VoteCounts = { upvotes: 0, meh_votes: 0, downvotes: 0 };
  if (previous !== null) deltas[VOTE_COUNTER[previous]] -= 1;
  if (next !== null) deltas[VOTE_COUNTER[next]] += 1;
  return deltas;
}

/** A whole vote step on known counts: what the server does in SQL and a client may do optimistically. */
export function applyVote(
  counts: VoteCounts,
  previous: VoteValue | null,
  requested: VoteValue,
): { vote: VoteValue | null; counts: VoteCounts } {
  const vote = nextVote(previous, requested);
  const d = voteCountDeltas(previous, vote);
  return {
    vote,
    counts: {
      upvotes: counts.upvotes + d.upvotes,
      meh_votes: counts.meh_votes + d.meh_votes,
      downvotes: counts.downvotes + d.downvotes,
    },
  };
}

/** vote_stats from the counters kept on a row; net = up minus down (smile minus frown). */
export function voteStatsOf(c: VoteCounts): VoteStats {
  return {
    net_votes: c.upvotes - c.downvotes,
    upvotes: c.upvotes,
    meh_votes: c.meh_votes,
    downvotes: c.downvotes,
  };
}

/**
 * Controversy (design, "things the product description leaves open"): (up + down) ^ (min / max), and 0 when
 * either side is 0. Many votes split evenly score highest.
 */
export function controversyScore(up: number, down: number): number {
  if (up <= 0 || down <= 0) return 0;
  return (up + down) ** (Math.min(up, down) / Math.max(up, down));
}

export interface Ranked {
  upvotes: number;
  downvotes: number;
  /** ISO date or Date; newer wins the last tie. */
  created_at: string | Date;
  id: number;
}

const time = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());
const newerFirst = (a: Ranked, b: Ranked) => time(b.created_at) - time(a.created_at) || b.id - a.id;

/** Popular (design): most net votes first, ties by more votes, then newer. For Array.sort. */
export function comparePopular(a: Ranked, b: Ranked): number {
  return (
    b.upvotes - b.downvotes - (a.upvotes - a.downvotes) ||
    b.upvotes + b.downvotes - (a.upvotes + a.downvotes) ||
    newerFirst(a, b)
  );
}

/** Controversial (design): highest controversy score first, ties by newer. For Array.sort. */
export function compareControversial(a: Ranked, b: Ranked): number {
  return (
    controversyScore(b.upvotes, b.downvotes) - controversyScore(a.upvotes, a.downvotes) || newerFirst(a, b)
  );
}

/** Newest first (the default comment sort); ids break ties of equal times. */
export function compareNewest(a: Ranked, b: Ranked): number {
  return newerFirst(a, b);
}
