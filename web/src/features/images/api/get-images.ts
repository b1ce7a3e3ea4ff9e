import { IMAGES_PER_PAGE, type ImageList, type ImageSort, type ImageType } from '#domain/images';
import { apiGet } from '../../../lib/api-client.ts';

export type SortOrder = 'asc' | 'desc';
export type FaceFilter = 'smile' | 'meh' | 'frown';

/** Which images a list shows: a building's gallery or the images a user voted on. */
export type ImageListScope = { kind: 'building'; buildingId: number } | { kind: 'voted'; userHandle: string };

export interface ImageListQuery {
  sortBy: ImageSort;
  sortOrder: SortOrder;
  /** Empty: every type. */
  imageTypes: readonly ImageType[];
  /** Voted images only: the user's face (spec 2); null or absent: any vote. */
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
  return apiGet<ImageList>(`/images/infinite-scroll?${imageListSearch(params)}`, {
    signal,
    credentials: true,
  });
}
