import type { Image, ImageSort, ImageType } from '#domain/images';
import type { FaceFilter, ImageListQuery, SortOrder } from '../api/get-images.ts';

/**
 * One page-by-page image list (product §4 'Image list pages'): the gallery of a building, or the
 * images a user voted on. Page 1 replaces, later pages append; any change of sort, direction or
 * type filter starts again at page 1; after an upload the gallery goes back to date_added
 * descending, page 1.
 */
export interface ImageListState {
  query: ImageListQuery;
  /** The page asked for last (the one loading, or the last one loaded). */
  page: number;
  items: Image[];
  total: number;
  hasNext: boolean;
  isLoading: boolean;
  error: string | null;
  /** Rises when the same query must be fetched again from page 1 (after an upload). */
  reload: number;
}

export type ImageListAction =
  | { type: 'sortChanged'; sortBy: ImageSort }
  | { type: 'directionToggled' }
  | { type: 'typeToggled'; imageType: ImageType }
  | { type: 'faceChanged'; face: FaceFilter | null }
  | { type: 'reset'; query: ImageListQuery }
  | { type: 'nextPageRequested' }
  | {
      type: 'pageLoaded';
      query: ImageListQuery;
      page: number;
      items: Image[];
      total: number;
      hasNext: boolean;
    }
  | { type: 'pageFailed'; query: ImageListQuery; page: number; error: string }
  | { type: 'imageChanged'; image: Pick<Image, 'id'> & Partial<Image> }
  | { type: 'imageRemoved'; id: number };

export const GALLERY_DEFAULT_QUERY: ImageListQuery = {
  sortBy: 'date_added',
  sortOrder: 'desc',
  imageTypes: [],
};

export function initialImageListState(query: ImageListQuery): ImageListState {
  return { query, page: 1, items: [], total: 0, hasNext: false, isLoading: true, error: null, reload: 0 };
}

function restart(state: ImageListState, query: ImageListQuery): ImageListState {
  return { ...state, query, page: 1, items: [], total: 0, hasNext: false, isLoading: true, error: null };
}

export function sameQuery(a: ImageListQuery, b: ImageListQuery): boolean {
  return (
    a.sortBy === b.sortBy &&
    a.sortOrder === b.sortOrder &&
    (a.userVoteType ?? null) === (b.userVoteType ?? null) &&
    a.imageTypes.length === b.imageTypes.length &&
    a.imageTypes.every((t) => b.imageTypes.includes(t))
  );
}

const flip = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');

export function imageListReducer(state: ImageListState, action: ImageListAction): ImageListState {
  switch (action.type) {
    case 'sortChanged':
      if (action.sortBy === state.query.sortBy) return state;
      return restart(state, { ...state.query, sortBy: action.sortBy });
    case 'directionToggled':
      return restart(state, { ...state.query, sortOrder: flip(state.query.sortOrder) });
    case 'typeToggled': {
      const types = state.query.imageTypes;
      const imageTypes = types.includes(action.imageType)
        ? types.filter((t) => t !== action.imageType)
        : [...types, action.imageType];
      return restart(state, { ...state.query, imageTypes });
    }
    case 'faceChanged':
      if ((state.query.userVoteType ?? null) === action.face) return state;
      return restart(state, { ...state.query, userVoteType: action.face });
    case 'reset':
      return { ...restart(state, action.query), reload: state.reload + 1 };
    case 'nextPageRequested':
      if (state.isLoading || !state.hasNext || state.error !== null) return state;
      return { ...state, page: state.page + 1, isLoading: true };
    case 'pageLoaded': {
      // An answer for a query or page no longer asked for is dropped.
      if (!sameQuery(action.query, state.query) || action.page !== state.page) return state;
      const items = action.page === 1 ? action.items : appendNew(state.items, action.items);
      return { ...state, items, total: action.total, hasNext: action.hasNext, isLoading: false, error: null };
    }
    case 'pageFailed':
      if (!sameQuery(action.query, state.query) || action.page !== state.page) return state;
      return { ...state, isLoading: false, error: action.error };
    case 'imageChanged':
      return {
        ...state,
        items: state.items.map((image) =>
          image.id === action.image.id ? { ...image, ...action.image } : image,
        ),
      };
    case 'imageRemoved': {
      if (!state.items.some((image) => image.id === action.id)) return state;
      return {
        ...state,
        items: state.items.filter((image) => image.id !== action.id),
        total: Math.max(0, state.total - 1),
      };
    }
  }
}

/** Later pages append; an image already shown (the list shifted under us) is not shown twice. */
function appendNew(current: Image[], incoming: Image[]): Image[] {
  const seen = new Set(current.map((image) => image.id));
  return [...current, ...incoming.filter((image) => !seen.has(image.id))];
}
