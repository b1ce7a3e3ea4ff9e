import { describe, expect, it } from 'vitest';
import { queryString } from '#domain/endpoints/define';
import {
  INITIAL_RATED_FILTER,
  USER_BUILDINGS_TEXTS,
  emptyRatedText,
  isRatingFilter,
  nextPage,
  ratedBuildingsAccess,
  ratedBuildingsQuery,
  sortOrderLabel,
  toggleSortOrder,
  uploadedBuildingsQuery,
  voteOfRating,
} from './user-buildings.ts';

describe('rated buildings filter and sort (product §2, user page Buildings)', () => {
  it('starts on Liked with the newest votes first', () => {
    expect(INITIAL_RATED_FILTER).toEqual({ rating: 'liked', sortOrder: 'desc' });
    expect(sortOrderLabel(INITIAL_RATED_FILTER.sortOrder)).toBe('Newest votes first');
  });

  it("the sort toggle flips between 'Newest votes first' and 'Oldest votes first'", () => {
    expect(toggleSortOrder('desc')).toBe('asc');
    expect(toggleSortOrder('asc')).toBe('desc');
    expect(sortOrderLabel('asc')).toBe('Oldest votes first');
  });

  it('the three-way filter maps to vote 1, 0 and -1', () => {
    expect(voteOfRating('liked')).toBe(1);
    expect(voteOfRating('neutral')).toBe(0);
    expect(voteOfRating('disliked')).toBe(-1);
    expect(isRatingFilter('neutral')).toBe(true);
    expect(isRatingFilter('loved')).toBe(false);
  });

  it("has the product's empty texts", () => {
    expect(emptyRatedText('liked')).toBe('No liked buildings found.');
    expect(emptyRatedText('neutral')).toBe('No neutral buildings found.');
    expect(emptyRatedText('disliked')).toBe('No disliked buildings found.');
    expect(USER_BUILDINGS_TEXTS.loading).toBe('Loading buildings...');
  });

  it('asks the API by vote user, vote type, vote date and direction', () => {
    const query = ratedBuildingsQuery('ada', { rating: 'disliked', sortOrder: 'asc' }, 2, 12);
    expect(queryString(query)).toBe(
      'vote_user_handle=ada&vote_type=-1&sort_by=vote_date&sort_order=asc&page=2&per_page=12',
    );
  });

  it('only the user themself may see their rated buildings', () => {
    expect(ratedBuildingsAccess('ada', 'ada')).toBe('owner');
    expect(ratedBuildingsAccess('bob', 'ada')).toBe('notOwner');
    expect(ratedBuildingsAccess(null, 'ada')).toBe('signedOut');
  });
});

describe('uploaded buildings and paging (product §2, user page Lists)', () => {
  it("asks by the adder's handle", () => {
    expect(queryString(uploadedBuildingsQuery('ada', 1, 12))).toBe('user_handle=ada&page=1&per_page=12');
    expect(USER_BUILDINGS_TEXTS.noUploads).toBe('No buildings uploaded.... yet!');
  });

  it("'Load more' asks for the next page until the last one", () => {
    expect(nextPage({ page: 1, pages: 3 })).toBe(2);
    expect(nextPage({ page: 3, pages: 3 })).toBeUndefined();
    expect(nextPage({ page: 1, pages: 0 })).toBeUndefined();
  });
});
