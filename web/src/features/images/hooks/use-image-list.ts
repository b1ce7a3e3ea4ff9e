import { useCallback, useEffect, useMemo, useReducer } from 'react';
import type { Image, ImageSort, ImageType } from '#domain/images';
import { getImages, type FaceFilter, type ImageListQuery, type ImageListScope } from '../api/get-images.ts';
import { imageListReducer, initialImageListState, type ImageListState } from '../model/image-list.ts';

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
  /** A changed image (e.g. new vote counts) replaces the listed one. */
  changeImage: (image: Pick<Image, 'id'> & Partial<Image>) => void;
  removeImage: (id: number) => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One page-by-page image list (spec 4): the reducer of model/image-list.ts plus the fetch of
 * whichever page it asks for. Remount it (a React key) for another scope.
 */
export function useImageList(
  scope: ImageListScope,
  initialQuery: ImageListQuery,
): { state: ImageListState; actions: ImageListActions } {
  const [state, dispatch] = useReducer(imageListReducer, initialQuery, initialImageListState);
  const { query, page, reload } = state;
  const scopeKey = JSON.stringify(scope);

  useEffect(() => {
    const controller = new AbortController();
    const asked = { query, page };
    getImages({ scope: JSON.parse(scopeKey) as ImageListScope, query, page }, controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        dispatch({
          type: 'pageLoaded',
          ...asked,
          items: list.items,
          total: list.total,
          hasNext: list.hasNext,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        console.error('Loading images failed', error);
        const message = error instanceof Error ? error.message : 'Error loading images';
        dispatch({ type: 'pageFailed', ...asked, error: message });
      },
    );
    return () => controller.abort();
  }, [scopeKey, query, page, reload]);

  const loadMore = useCallback(() => dispatch({ type: 'nextPageRequested' }), []);
  const actions = useMemo<ImageListActions>(
    () => ({
      changeSort: (sortBy) => dispatch({ type: 'sortChanged', sortBy }),
      toggleDirection: () => dispatch({ type: 'directionToggled' }),
      toggleType: (imageType) => dispatch({ type: 'typeToggled', imageType }),
      changeFace: (face) => dispatch({ type: 'faceChanged', face }),
      loadMore,
      reset: (next) => dispatch({ type: 'reset', query: next }),
      changeImage: (image) => dispatch({ type: 'imageChanged', image }),
      removeImage: (id) => dispatch({ type: 'imageRemoved', id }),
    }),
    [loadMore],
  );
  return { state, actions };
}
