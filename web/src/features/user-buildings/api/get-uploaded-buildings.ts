import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BuildingList } from '#domain/building-list';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { call } from '../../../lib/api-client.ts';
import { buildingKeys } from '../../../lib/query-keys.ts';
import { nextPage, uploadedBuildingsQuery } from '../model/user-buildings.ts';

export const UPLOADED_PER_PAGE = 12;

/** GET /api/buildings/?user_handle={handle}&page&per_page: the buildings a user added. */
export function getUploadedBuildings(
  handle: string,
  page: number,
  signal?: AbortSignal,
): Promise<BuildingList> {
  const query = uploadedBuildingsQuery(handle, page, UPLOADED_PER_PAGE);
  return call(buildingEndpoints.list, { query, signal });
}

/** Under the buildings prefix: a building change refreshes it too (product §7). */
export function uploadedBuildingsQueryOptions(handle: string) {
  return infiniteQueryOptions({
    queryKey: buildingKeys.uploadedBy(handle),
    queryFn: ({ pageParam, signal }) => getUploadedBuildings(handle, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useUploadedBuildings(handle: string) {
  return useInfiniteQuery(uploadedBuildingsQueryOptions(handle));
}
