import { describe, expect, it } from 'vitest';
import type { ImageList } from '#domain/images';
import { testImage as image } from '../testing/image-fixtures.ts';
import {
  changeImageList,
  changeImagePages,
  imageListStateFrom,
  type ImagePages,
} from './image-list-cache.ts';
import { GALLERY_DEFAULT_QUERY } from './image-list.ts';

const page = (ids: number[], hasNext: boolean, total = 99): ImageList => ({
  items: ids.map(image),
  total,
  hasNext,
  page: 1,
  per_page: 10,
});
const pages = (...lists: ImageList[]): ImagePages => ({
  pages: lists,
  pageParams: lists.map((_, i) => i + 1),
});
const ok = { fetchingNextPage: false, error: null };

describe('an image list read from its cached pages (product §4, through the list reducer)', () => {
  it('page 1 loading: no items, loading; loaded pages append without repeating an image', () => {
    expect(imageListStateFrom(GALLERY_DEFAULT_QUERY, undefined, ok)).toMatchObject({
      page: 1,
      items: [],
      isLoading: true,
    });
    const state = imageListStateFrom(GALLERY_DEFAULT_QUERY, [page([1, 2], true), page([2, 3], false)], ok);
    expect(state.items.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(state).toMatchObject({ page: 2, hasNext: false, isLoading: false, error: null });
  });

  it('the next page loading, or failing: the items stay, no further page is asked after a failure', () => {
    const loaded = [page([1], true)];
    expect(
      imageListStateFrom(GALLERY_DEFAULT_QUERY, loaded, { fetchingNextPage: true, error: null }),
    ).toMatchObject({ page: 2, isLoading: true });
    const failed = imageListStateFrom(GALLERY_DEFAULT_QUERY, loaded, {
      fetchingNextPage: false,
      error: 'boom',
    });
    expect(failed).toMatchObject({ page: 2, isLoading: false, error: 'boom' });
    expect(failed.items.map((i) => i.id)).toEqual([1]);
  });

  it('page 1 failing stores the error and stops loading', () => {
    expect(
      imageListStateFrom(GALLERY_DEFAULT_QUERY, undefined, { fetchingNextPage: false, error: 'x' }),
    ).toMatchObject({ page: 1, isLoading: false, error: 'x', items: [] });
  });
});

describe('image changes in the cache (vote, deletion)', () => {
  const stats = { net_votes: 1, upvotes: 1, meh_votes: 0, downvotes: 0 };

  it('a voted image changes in place on the page that holds it; other pages stay the same objects', () => {
    const data = pages(page([1, 2], true), page([3], false));
    const next = changeImagePages(data, {
      type: 'imageChanged',
      image: { id: 3, vote_stats: stats, user_vote: 1 },
    });
    expect(next.pages[1]?.items[0]).toMatchObject({ id: 3, vote_stats: stats, user_vote: 1 });
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it('a deleted image leaves its page and every page counts one less; an unknown id changes nothing', () => {
    const data = pages(page([1, 2], true, 3), page([3], false, 3));
    const next = changeImagePages(data, { type: 'imageRemoved', id: 2 });
    expect(next.pages.map((p) => p.items.map((i) => i.id))).toEqual([[1], [3]]);
    expect(next.pages.map((p) => p.total)).toEqual([2, 2]);
    expect(changeImagePages(next, { type: 'imageRemoved', id: 2 })).toBe(next);
  });

  it("a building's strip (one plain list) changes the same way", () => {
    const strip = page([1, 2], false, 2);
    expect(changeImageList(strip, { type: 'imageRemoved', id: 1 })).toEqual({ ...page([2], false, 1) });
  });
});
