import { infiniteQueryOptions } from '@tanstack/react-query';
import { IMAGES_PER_PAGE, type ImageList, type ImageSort, type ImageType } from '#domain/images';
import type { EndpointQuery } from '#domain/endpoints/define';
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

/** The query of GET /api/images/infinite-scroll; only set values are sent (no types: every type). */
export function imageListQuery({
  scope,
  query,
  page,
  perPage = IMAGES_PER_PAGE,
}: GetImagesParams): EndpointQuery<typeof imageEndpoints.list> {
  return {
    page,
    per_page: perPage,
    ...(scope.kind === 'building'
      ? { buildingId: scope.buildingId }
      : { userHandle: scope.userHandle, userVoteType: query.userVoteType ?? undefined }),
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    imageTypes: query.imageTypes,
  };
}

/** GET /api/images/infinite-scroll: {items, total, hasNext} of ready images. */
export function getImages(params: GetImagesParams, signal?: AbortSignal): Promise<ImageList> {
  return call(imageEndpoints.list, { query: imageListQuery(params), signal });
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
