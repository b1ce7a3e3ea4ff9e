import { describe, expect, it } from 'vitest';
import { VOTED_DEFAULT_QUERY, nextFace, votedImagesEmptyText } from './voted-images.ts';

describe('voted images (product §2 user page, product §9)', () => {
  it('starts with the smile filter (product §9), newest votes first', () => {
    expect(VOTED_DEFAULT_QUERY).toMatchObject({
      userVoteType: 'smile',
      sortBy: 'vote_date',
      sortOrder: 'desc',
    });
  });

  it('a face can be chosen and deselected', () => {
    expect(nextFace('smile', 'smile')).toBeNull();
    expect(nextFace('smile', 'frown')).toBe('frown');
    expect(nextFace(null, 'meh')).toBe('meh');
  });

  it('names what is empty, per face or without one', () => {
    expect(votedImagesEmptyText('smile')).toBe("You haven't liked any images.");
    expect(votedImagesEmptyText('meh')).toBe("You haven't felt neutral about any images.");
    expect(votedImagesEmptyText('frown')).toBe("You haven't disliked any images.");
    expect(votedImagesEmptyText(null)).toBe("You haven't voted on any images yet.");
  });
});
