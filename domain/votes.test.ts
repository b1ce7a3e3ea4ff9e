import { describe, expect, it } from 'vitest';
import {
  applyVote,
  compareControversial,
  compareNewest,
  comparePopular,
  controversyScore,
  isAllowedVote,
  nextVote,
  voteBodySchema,
  voteCountDeltas,
  voteStatsOf,
  type Ranked,
} from './votes.ts';

describe('product §4, comment vote: the previous vote is removed first; the same vote toggles off', () => {
  it('the same vote again becomes no vote (toggle off)', () => {
    expect(nextVote(1, 1)).toBeNull();
    expect(nextVote(-1, -1)).toBeNull();
    expect(nextVote(0, 0)).toBeNull();
  });

  it('any other vote is set', () => {
    expect(nextVote(null, 1)).toBe(1);
    expect(nextVote(1, -1)).toBe(-1);
    expect(nextVote(-1, 0)).toBe(0);
  });

  it('count deltas: the previous vote leaves its count, the new one raises its own', () => {
    expect(voteCountDeltas(null, 1)).toEqual({ upvotes: 1, meh_votes: 0, downvotes: 0 });
    expect(voteCountDeltas(null, -1)).toEqual({ upvotes: 0, meh_votes: 0, downvotes: 1 });
    expect(voteCountDeltas(1, null)).toEqual({ upvotes: -1, meh_votes: 0, downvotes: 0 });
    expect(voteCountDeltas(1, -1)).toEqual({ upvotes: -1, meh_votes: 0, downvotes: 1 });
    expect(voteCountDeltas(-1, 0)).toEqual({ upvotes: 0, meh_votes: 1, downvotes: -1 });
    expect(voteCountDeltas(null, null)).toEqual({ upvotes: 0, meh_votes: 0, downvotes: 0 });
  });

  it('applyVote walks a sequence of clicks', () => {
    let state = { vote: null as -1 | 0 | 1 | null, counts: { upvotes: 4, meh_votes: 2, downvotes: 1 } };
    state = applyVote(state.counts, state.vote, 1);
    expect(state).toEqual({ vote: 1, counts: { upvotes: 5, meh_votes: 2, downvotes: 1 } });
    state = applyVote(state.counts, state.vote, -1);
    expect(state).toEqual({ vote: -1, counts: { upvotes: 4, meh_votes: 2, downvotes: 2 } });
    state = applyVote(state.counts, state.vote, -1);
    expect(state).toEqual({ vote: null, counts: { upvotes: 4, meh_votes: 2, downvotes: 1 } });
    state = applyVote(state.counts, state.vote, 0);
    expect(state).toEqual({ vote: 0, counts: { upvotes: 4, meh_votes: 3, downvotes: 1 } });
  });
});

describe('product §3, vote values', () => {
  it('faces take 1, 0 and -1; comments only 1 and -1', () => {
    for (const v of [1, 0, -1]) expect(isAllowedVote('building', v)).toBe(true);
    expect(isAllowedVote('image', 0)).toBe(true);
    expect(isAllowedVote('architectural_style', 0)).toBe(true);
    expect(isAllowedVote('comment', 1)).toBe(true);
    expect(isAllowedVote('comment', -1)).toBe(true);
    expect(isAllowedVote('comment', 0)).toBe(false);
    expect(isAllowedVote('building', 2)).toBe(false);
  });

  it('the vote body refuses values outside the set', () => {
    const body = { votable_type: 'building', votable_id: 3, vote: 1 };
    expect(voteBodySchema.safeParse(body).success).toBe(true);
    expect(voteBodySchema.safeParse({ ...body, vote: 0 }).success).toBe(true);
    expect(voteBodySchema.safeParse({ ...body, vote: 2 }).success).toBe(false);
    expect(voteBodySchema.safeParse({ ...body, vote: 'x' }).success).toBe(false);
    expect(voteBodySchema.safeParse({ ...body, votable_type: 'comment', vote: 0 }).success).toBe(false);
    expect(voteBodySchema.safeParse({ ...body, votable_type: 'comment', vote: -1 }).success).toBe(true);
    expect(voteBodySchema.safeParse({ ...body, votable_id: 0 }).success).toBe(false);
    expect(voteBodySchema.safeParse({ ...body, votable_type: 'list' }).success).toBe(false);
  });

  it('vote_stats: net votes are smiles minus frowns', () => {
    expect(voteStatsOf({ upvotes: 7, meh_votes: 3, downvotes: 2 })).toEqual({
      net_votes: 5,
      upvotes: 7,
      meh_votes: 3,
      downvotes: 2,
    });
  });
});

describe('design: controversy score (up + down) ^ (min / max), 0 when either side is 0', () => {
  it('is 0 when either side is 0', () => {
    expect(controversyScore(0, 0)).toBe(0);
    expect(controversyScore(10, 0)).toBe(0);
    expect(controversyScore(0, 10)).toBe(0);
  });

  it('is the total when the split is even, less when it is not', () => {
    expect(controversyScore(5, 5)).toBe(10);
    expect(controversyScore(1, 1)).toBe(2);
    expect(controversyScore(6, 4)).toBeCloseTo(10 ** (4 / 6), 12);
    expect(controversyScore(1, 3)).toBeCloseTo(4 ** (1 / 3), 12);
    expect(controversyScore(3, 1)).toBe(controversyScore(1, 3));
    expect(controversyScore(50, 50)).toBeGreaterThan(controversyScore(60, 40));
  });
});

describe('design: comment orders', () => {
  const c = (id: number, upvotes: number, downvotes: number, minute: number): Ranked => ({
    id,
    upvotes,
    downvotes,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString(),
  });
  const ids = (list: Ranked[], cmp: (a: Ranked, b: Ranked) => number) => [...list].sort(cmp).map((r) => r.id);

  it('popular: most net votes first', () => {
    expect(ids([c(1, 1, 0, 0), c(2, 5, 1, 0), c(3, 0, 2, 0)], comparePopular)).toEqual([2, 1, 3]);
  });

  it('popular: equal net votes go by more votes, then newer', () => {
    expect(ids([c(1, 2, 1, 0), c(2, 6, 5, 0), c(3, 1, 0, 0)], comparePopular)).toEqual([2, 1, 3]);
    expect(ids([c(1, 3, 3, 1), c(2, 3, 3, 2)], comparePopular)).toEqual([2, 1]);
  });

  it('controversial: highest score first, equal scores (zeros too) by newer', () => {
    const list = [c(1, 10, 0, 5), c(2, 5, 5, 1), c(3, 5, 5, 2), c(4, 3, 1, 3), c(5, 0, 0, 9)];
    expect(ids(list, compareControversial)).toEqual([3, 2, 4, 5, 1]);
  });

  it('newest: newer first, higher id on equal times', () => {
    expect(ids([c(1, 0, 0, 1), c(2, 0, 0, 3), c(3, 0, 0, 3)], compareNewest)).toEqual([3, 2, 1]);
  });
});
