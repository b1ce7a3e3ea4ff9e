import { describe, expect, it } from 'vitest';
import { testImage as image } from '../testing/image-fixtures.ts';
import {
  GALLERY_DEFAULT_QUERY,
  imageListReducer,
  initialImageListState,
  type ImageListState,
} from './image-list.ts';

const ids = (state: ImageListState) => state.items.map((i) => i.id);

function loaded(pages: number[][], hasNext = true): ImageListState {
  let state = initialImageListState(GALLERY_DEFAULT_QUERY);
  pages.forEach((page, i) => {
    if (i > 0) state = imageListReducer(state, { type: 'nextPageRequested' });
    state = imageListReducer(state, {
      type: 'pageLoaded',
      query: state.query,
      page: i + 1,
      items: page.map(image),
      total: 99,
      hasNext,
    });
  });
  return state;
}

describe('image list pages (product §4)', () => {
  it('starts loading page 1 of date_added descending with every type (product §9 default)', () => {
    const state = initialImageListState(GALLERY_DEFAULT_QUERY);
    expect(state).toMatchObject({ page: 1, isLoading: true, items: [] });
    expect(state.query).toEqual({ sortBy: 'date_added', sortOrder: 'desc', imageTypes: [] });
  });

  it('page 1 replaces, later pages append (without repeating an image)', () => {
    let state = loaded([
      [1, 2],
      [3, 2, 4],
    ]);
    expect(ids(state)).toEqual([1, 2, 3, 4]);
    expect(state.page).toBe(2);
    state = imageListReducer(state, { type: 'reset', query: GALLERY_DEFAULT_QUERY });
    state = imageListReducer(state, {
      type: 'pageLoaded',
      query: GALLERY_DEFAULT_QUERY,
      page: 1,
      items: [image(9)],
      total: 1,
      hasNext: false,
    });
    expect(ids(state)).toEqual([9]);
  });

  it('asks for the next page only when one exists and nothing is loading', () => {
    let state = initialImageListState(GALLERY_DEFAULT_QUERY);
    expect(imageListReducer(state, { type: 'nextPageRequested' })).toBe(state);
    state = loaded([[1]], false);
    expect(imageListReducer(state, { type: 'nextPageRequested' })).toBe(state);
    state = loaded([[1]], true);
    const next = imageListReducer(state, { type: 'nextPageRequested' });
    expect(next).toMatchObject({ page: 2, isLoading: true });
    expect(imageListReducer(next, { type: 'nextPageRequested' })).toBe(next);
  });

  it('any change of sort, direction or type filter goes back to page 1', () => {
    const start = loaded([[1], [2], [3]]);
    expect(start.page).toBe(3);
    const sorted = imageListReducer(start, { type: 'sortChanged', sortBy: 'popular' });
    expect(sorted).toMatchObject({ page: 1, items: [], isLoading: true });
    expect(sorted.query.sortBy).toBe('popular');
    expect(imageListReducer(start, { type: 'sortChanged', sortBy: 'date_added' })).toBe(start);

    const flipped = imageListReducer(start, { type: 'directionToggled' });
    expect(flipped).toMatchObject({ page: 1, items: [] });
    expect(flipped.query.sortOrder).toBe('asc');
    expect(imageListReducer(flipped, { type: 'directionToggled' }).query.sortOrder).toBe('desc');

    const typed = imageListReducer(start, { type: 'typeToggled', imageType: 'plans' });
    expect(typed).toMatchObject({ page: 1, items: [] });
    expect(typed.query.imageTypes).toEqual(['plans']);
    const both = imageListReducer(typed, { type: 'typeToggled', imageType: 'interior' });
    expect(both.query.imageTypes).toEqual(['plans', 'interior']);
    expect(imageListReducer(both, { type: 'typeToggled', imageType: 'plans' }).query.imageTypes).toEqual([
      'interior',
    ]);
  });

  it('a change of the face filter (voted images) goes back to page 1; the same face changes nothing', () => {
    let state = initialImageListState({
      sortBy: 'vote_date',
      sortOrder: 'desc',
      imageTypes: [],
      userVoteType: 'smile',
    });
    state = imageListReducer(state, {
      type: 'pageLoaded',
      query: state.query,
      page: 1,
      items: [image(1)],
      total: 2,
      hasNext: true,
    });
    state = imageListReducer(state, { type: 'nextPageRequested' });
    expect(imageListReducer(state, { type: 'faceChanged', face: 'smile' })).toBe(state);
    const meh = imageListReducer(state, { type: 'faceChanged', face: 'meh' });
    expect(meh).toMatchObject({ page: 1, items: [], isLoading: true });
    expect(meh.query.userVoteType).toBe('meh');
    expect(imageListReducer(meh, { type: 'faceChanged', face: null }).query.userVoteType).toBeNull();
  });

  it('after an upload it resets to date_added descending, page 1, and loads again', () => {
    let state = loaded([[1], [2]]);
    state = imageListReducer(state, { type: 'sortChanged', sortBy: 'controversial' });
    state = imageListReducer(state, { type: 'directionToggled' });
    const reloaded = imageListReducer(state, { type: 'reset', query: GALLERY_DEFAULT_QUERY });
    expect(reloaded.query).toEqual(GALLERY_DEFAULT_QUERY);
    expect(reloaded).toMatchObject({ page: 1, items: [], isLoading: true, reload: state.reload + 1 });
  });

  it('drops an answer for a query or page no longer asked for', () => {
    const state = imageListReducer(loaded([[1]]), { type: 'sortChanged', sortBy: 'popular' });
    const stale = imageListReducer(state, {
      type: 'pageLoaded',
      query: GALLERY_DEFAULT_QUERY,
      page: 1,
      items: [image(5)],
      total: 1,
      hasNext: false,
    });
    expect(stale).toBe(state);
    const wrongPage = imageListReducer(state, {
      type: 'pageLoaded',
      query: state.query,
      page: 2,
      items: [image(5)],
      total: 1,
      hasNext: false,
    });
    expect(wrongPage).toBe(state);
  });

  it('stores a failure, stops loading and asks no further page until a change', () => {
    let state = imageListReducer(loaded([[1]]), { type: 'nextPageRequested' });
    state = imageListReducer(state, {
      type: 'pageFailed',
      query: state.query,
      page: 2,
      error: 'HTTP error! status: 500',
    });
    expect(state).toMatchObject({ isLoading: false, error: 'HTTP error! status: 500' });
    expect(ids(state)).toEqual([1]);
    expect(imageListReducer(state, { type: 'nextPageRequested' })).toBe(state);
    expect(imageListReducer(state, { type: 'directionToggled' }).error).toBeNull();
  });

  it('updates a voted image in place and removes a deleted one', () => {
    let state = loaded([[1, 2, 3]]);
    const stats = { net_votes: 1, upvotes: 1, meh_votes: 0, downvotes: 0 };
    state = imageListReducer(state, {
      type: 'imageChanged',
      image: { id: 2, vote_stats: stats, user_vote: 1 },
    });
    expect(state.items[1]).toMatchObject({ id: 2, vote_stats: stats, user_vote: 1 });
    expect(state.items[0]?.user_vote).toBeNull();
    state = imageListReducer(state, { type: 'imageRemoved', id: 2 });
    expect(ids(state)).toEqual([1, 3]);
    expect(state.total).toBe(98);
    expect(imageListReducer(state, { type: 'imageRemoved', id: 2 })).toBe(state);
  });
});
