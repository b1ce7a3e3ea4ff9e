import { describe, expect, it } from 'vitest';
import {
  FACES,
  VOTE_SPINNER_MS,
  faceButtonLabel,
  faceCount,
  isActiveFace,
  optimisticVote,
  shownVote,
} from './model.ts';

const stats = { net_votes: 2, upvotes: 3, meh_votes: 4, downvotes: 1 };
const [smile, meh, frown] = FACES as [(typeof FACES)[0], (typeof FACES)[0], (typeof FACES)[0]];

describe('vote faces (product §3: smile 1, meh 0, frown -1)', () => {
  it('maps each face to its value and vote_stats counter', () => {
    expect(FACES.map((f) => [f.name, f.value, f.counter])).toEqual([
      ['smile', 1, 'upvotes'],
      ['meh', 0, 'meh_votes'],
      ['frown', -1, 'downvotes'],
    ]);
    expect([faceCount(stats, smile), faceCount(stats, meh), faceCount(stats, frown)]).toEqual([3, 4, 1]);
  });

  it('product §4: highlights only the active choice; meh (0) is a choice, null is none', () => {
    expect(FACES.map((f) => isActiveFace(0, f))).toEqual([false, true, false]);
    expect(FACES.map((f) => isActiveFace(-1, f))).toEqual([false, false, true]);
    expect(FACES.map((f) => isActiveFace(null, f))).toEqual([false, false, false]);
  });

  it('product §9: the vote spinner shows 750 ms', () => {
    expect(VOTE_SPINNER_MS).toBe(750);
  });

  it('labels a button with its face and count', () => {
    expect(faceButtonLabel(smile, 1)).toBe('Smile, 1 vote');
    expect(faceButtonLabel(frown, 0)).toBe('Frown, 0 votes');
  });
});

describe('shown vote: counts update from the response (product §4)', () => {
  const fromParent = { voteStats: stats, userVote: null };
  const latest = { voteStats: { ...stats, upvotes: 4, net_votes: 3 }, userVote: 1 as const };

  it("shows the parent's values when nothing was voted", () => {
    expect(shownVote(fromParent, null)).toBe(fromParent);
  });

  it("shows the server's answer while the parent still passes the values it had", () => {
    expect(shownVote({ voteStats: { ...stats }, userVote: null }, { basis: fromParent, latest })).toBe(
      latest,
    );
  });

  it('returns to the parent once it passes other values (stored answer or a refetch)', () => {
    const refetched = { voteStats: { ...stats, upvotes: 9 }, userVote: -1 as const };
    expect(shownVote(refetched, { basis: fromParent, latest })).toBe(refetched);
  });
});

describe('optimistic face vote (product §4: counts move at once)', () => {
  const start = { voteStats: { net_votes: 1, upvotes: 2, meh_votes: 0, downvotes: 1 }, userVote: null };

  it('a first face raises its count and becomes the active choice', () => {
    expect(optimisticVote(start, 0)).toEqual({
      voteStats: { net_votes: 1, upvotes: 2, meh_votes: 1, downvotes: 1 },
      userVote: 0,
    });
  });

  it('another face moves the vote: the previous count falls, the new one rises', () => {
    const smiled = {
      voteStats: { net_votes: 1, upvotes: 2, meh_votes: 0, downvotes: 1 },
      userVote: 1 as const,
    };
    expect(optimisticVote(smiled, -1)).toEqual({
      voteStats: { net_votes: -1, upvotes: 1, meh_votes: 0, downvotes: 2 },
      userVote: -1,
    });
  });

  it('the same face again removes the vote (toggle off)', () => {
    const frowned = {
      voteStats: { net_votes: 1, upvotes: 2, meh_votes: 0, downvotes: 1 },
      userVote: -1 as const,
    };
    expect(optimisticVote(frowned, -1)).toEqual({
      voteStats: { net_votes: 2, upvotes: 2, meh_votes: 0, downvotes: 0 },
      userVote: null,
    });
  });
});
