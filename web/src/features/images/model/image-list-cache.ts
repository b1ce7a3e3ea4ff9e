import type { InfiniteData } from '@tanstack/react-query';
import type { ImageList } from '#domain/images';
import type { ImageListQuery } from '../api/get-images.ts';
import {
  imageListReducer,
  initialImageListState,
  type ImageListAction,
  type ImageListState,
} from './image-list.ts';

/**
 * Image lists live in the app's query cache (one cache for server data): one infinite
 * query per scope and query (sort, direction, types, face). The product §4 rules stay the reducer
 * of ./image-list.ts: the shown state is read from the cached pages through it, and a changed or
 * removed image is applied to each cached page through it.
 */

export type ImagePages = InfiniteData<ImageList, number>;

/** Where the list's query stands, in the reducer's terms. */
export interface ImageFetchStatus {
  /** The next page is being fetched (page 1 loading needs no flag: no pages yet). */
  fetchingNextPage: boolean;
  /** The last fetch failed with this message. */
  error: string | null;
}

/**
 * The list's state from its cached pages: page 1 replaces, later pages append (an image shown
 * already is not shown twice), then the page loading or the failure.
 */
export function imageListStateFrom(
  query: ImageListQuery,
  pages: readonly ImageList[] | undefined,
  status: ImageFetchStatus,
): ImageListState {
  let state = initialImageListState(query);
  (pages ?? []).forEach((page, index) => {
    if (index > 0) state = imageListReducer(state, { type: 'nextPageRequested' });
    state = imageListReducer(state, {
      type: 'pageLoaded',
      query,
      page: index + 1,
      items: page.items,
      total: page.total,
      hasNext: page.hasNext,
    });
  });
  const loaded = pages?.length ?? 0;
  if (loaded > 0 && (status.fetchingNextPage || status.error !== null)) {
    state = imageListReducer(state, { type: 'nextPageRequested' });
  }
  if (status.error !== null && !status.fetchingNextPage) {
    state = imageListReducer(state, { type: 'pageFailed', query, page: state.page, error: status.error });
  }
  return state;
}

type ImageChangeAction = Extract<ImageListAction, { type: 'imageChanged' | 'imageRemoved' }>;

/** One cached page (or a building's strip) with the reducer's change applied to its images. */
export function changeImageList(list: ImageList, change: ImageChangeAction): ImageList {
  const id = change.type === 'imageChanged' ? change.image.id : change.id;
  if (!list.items.some((image) => image.id === id)) return list;
  const state: ImageListState = {
    ...initialImageListState({ sortBy: 'date_added', sortOrder: 'desc', imageTypes: [] }),
    items: list.items,
    total: list.total,
  };
  const next = imageListReducer(state, change);
  return next === state ? list : { ...list, items: next.items, total: next.total };
}

/**
 * A change applied to every page of a cached list. A removed image lowers the count every page
 * carries, not only the count of the page it was on.
 */
export function changeImagePages(data: ImagePages, change: ImageChangeAction): ImagePages {
  const pages = data.pages.map((page) => changeImageList(page, change));
  if (pages.every((page, i) => page === data.pages[i])) return data;
  if (change.type !== 'imageRemoved') return { ...data, pages };
  return {
    ...data,
    pages: pages.map((page, i) =>
      page === data.pages[i] ? { ...page, total: Math.max(0, page.total - 1) } : page,
    ),
  };
}
