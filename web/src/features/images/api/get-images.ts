import { infiniteQueryOptions } from '@tanstack/react-query';
import { IMAGES_PER_PAGE, type ImageList, type ImageSort, type ImageType } from '#domain/images';
import { imageEndpoints } from '#domain/endpoints/images';
import { call } from '../../../lib/api-client.ts';
import { imageKeys } from '../../../lib/query-keys.ts';

export type SortOrder = 'asc' | 'desc';
export type FaceFilter = 'smile' | 'meh' | 'frown';

/** Which images a list shows: a building's gallery or the images a user voted on. */
export type ImageListScope = { kind: 'building'; buildingId: number } | { kind: 'voted'; userHandle: string };

export interface ImageListQuery {
  sortBy: ImageSort;
  sortOrder: SortOrder;
  /** Empty: every type. */
  imageTypes: readonly ImageType[];
  /** Voted images only: the user's face (product §2); null or absent: any vote. */
  userVoteType?: FaceFilter | null;
}

export interface GetImagesParams {
  scope: ImageListScope;
  query: ImageListQuery;
  page: number;
  perPage?: number;
}

/** The query string of GET /api/images/infinite-scroll; only set values are sent. */
export function imageListSearch({ scope, query, page, perPage = IMAGES_PER_PAGE }: GetImagesParams): string {
  const search = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (scope.kind === 'building') search.set('buildingId', String(scope.buildingId));
  else {
    search.set('userHandle', scope.userHandle);
    if (query.userVoteType) search.set('userVoteType', query.userVoteType);
  }
  search.set('sortBy', query.sortBy);
  search.set('sortOrder', query.sortOrder);
  if (query.imageTypes.length > 0) search.set('imageTypes', query.imageTypes.join(','));
  return search.toString();
}

/** GET /api/images/infinite-scroll: {items, total, hasNext} of ready images. */
export function getImages(params: GetImagesParams, signal?: AbortSignal): Promise<ImageList> {
  return call(imageEndpoints.list, { query: imageListSearch(params), signal });
}

/**
 * One list's pages (a building's gallery or a user's voted images, with its sort and filters).
 * No retries: a failure shows at once (product §8) and the list asks no further page until a change.
 */
export function imageListQueryOptions(scope: ImageListScope, query: ImageListQuery) {
  return infiniteQueryOptions({
    queryKey: imageKeys.list(scope, query),
    queryFn: ({ pageParam, signal }) => getImages({ scope, query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ImageList, pages: ImageList[]) => (last.hasNext ? pages.length + 1 : undefined),
    retry: false,
  });
}
