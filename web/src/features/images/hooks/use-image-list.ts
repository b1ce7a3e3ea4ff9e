import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Image, ImageSort, ImageType } from '#domain/images';
import { imageKeys } from '../../../lib/query-keys.ts';
import {
  imageListQueryOptions,
  type FaceFilter,
  type ImageListQuery,
  type ImageListScope,
} from '../api/get-images.ts';
import { changeCachedImage, forgetCachedImage } from '../api/image-cache.ts';
import { imageListStateFrom } from '../model/image-list-cache.ts';
import { imageListReducer, type ImageListAction, type ImageListState } from '../model/image-list.ts';

export interface ImageListActions {
  changeSort: (sortBy: ImageSort) => void;
  toggleDirection: () => void;
  toggleType: (imageType: ImageType) => void;
  /** The voted-images face filter (null: any vote). */
  changeFace: (face: FaceFilter | null) => void;
  /** Asks for the next page when one exists and nothing is loading. */
  loadMore: () => void;
  /** Back to `query`, page 1, fetched again (after an upload: date_added descending). */
  reset: (query: ImageListQuery) => void;
  /** A changed image (e.g. new vote counts) replaces the listed one, in every cached list. */
  changeImage: (image: Pick<Image, 'id'> & Partial<Image>) => void;
  /** A deleted image leaves every cached list. */
  removeImage: (id: number) => void;
}

/**
 * One page-by-page image list (product §4), read from the query cache: the query (sort, direction,
 * types, face) moves by the reducer of model/image-list.ts, the pages are one infinite query per
 * scope and query, and the shown state is read from them through the same reducer. Remount it (a
 * React key) for another scope.
 */
export function useImageList(
  scope: ImageListScope,
  initialQuery: ImageListQuery,
): { state: ImageListState; actions: ImageListActions } {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState(initialQuery);
  const list = useInfiniteQuery(imageListQueryOptions(scope, query));
  const { data, error, isFetching, isFetchingNextPage, fetchNextPage } = list;
  const state = useMemo(
    () =>
      imageListStateFrom(query, data?.pages, {
        fetchingNextPage: isFetchingNextPage,
        error: error && !isFetching ? error.message || 'Error loading images' : null,
      }),
    [query, data, error, isFetching, isFetchingNextPage],
  );
  useEffect(() => {
    if (error) console.error('Loading images failed', error);
  }, [error]);

  const scopeKey = JSON.stringify(scope);
  /** A change of the query starts again at page 1 (product §4): no pages cached for it earlier are shown. */
  const move = useCallback(
    (action: ImageListAction) => {
      const next = imageListReducer(state, action);
      if (next === state) return;
      const listScope = JSON.parse(scopeKey) as ImageListScope;
      void queryClient.resetQueries({ queryKey: imageKeys.list(listScope, next.query), exact: true });
      setQuery(next.query);
    },
    [state, scopeKey, queryClient],
  );

  const loadMore = useCallback(() => {
    if (imageListReducer(state, { type: 'nextPageRequested' }) !== state) void fetchNextPage();
  }, [state, fetchNextPage]);

  const actions = useMemo<ImageListActions>(
    () => ({
      changeSort: (sortBy) => move({ type: 'sortChanged', sortBy }),
      toggleDirection: () => move({ type: 'directionToggled' }),
      toggleType: (imageType) => move({ type: 'typeToggled', imageType }),
      changeFace: (face) => move({ type: 'faceChanged', face }),
      loadMore,
      reset: (next) => move({ type: 'reset', query: next }),
      changeImage: (image) => changeCachedImage(queryClient, image),
      removeImage: (id) => forgetCachedImage(queryClient, id),
    }),
    [move, loadMore, queryClient],
  );
  return { state, actions };
}
