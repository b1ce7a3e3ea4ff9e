import { z } from 'zod';

/** vote_stats of spec section 3: net = smiles minus frowns. */
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
/** A user's current vote on a target; null when none. */
export const userVoteSchema = z.union([z.literal(1), z.literal(0), z.literal(-1)]).nullable();
