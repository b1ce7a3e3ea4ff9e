import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BuildingList } from '#domain/building-list';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { call } from '../../../lib/api-client.ts';
import { buildingKeys } from '../../../lib/query-keys.ts';
import { nextPage, ratedBuildingsQuery, type RatedBuildingsFilter } from '../model/user-buildings.ts';

export const RATED_PER_PAGE = 12;

/**
 * GET /api/buildings/?vote_user_handle&vote_type&sort_by=vote_date&sort_order&page&per_page: the
 * buildings a user voted on with that face; only the user themself may ask (401/403 otherwise).
 */
export function getRatedBuildings(
  handle: string,
  filter: RatedBuildingsFilter,
  page: number,
  signal?: AbortSignal,
): Promise<BuildingList> {
  const query = ratedBuildingsQuery(handle, filter, page, RATED_PER_PAGE);
  return call(buildingEndpoints.list, { query, signal });
}

/** One query per filter and sort: a change starts again at page 1 (product §4). */
export function ratedBuildingsQueryOptions(handle: string, filter: RatedBuildingsFilter) {
  return infiniteQueryOptions({
    queryKey: buildingKeys.ratedBy(handle, filter),
    queryFn: ({ pageParam, signal }) => getRatedBuildings(handle, filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useRatedBuildings(handle: string, filter: RatedBuildingsFilter, enabled: boolean) {
  return useInfiniteQuery({ ...ratedBuildingsQueryOptions(handle, filter), enabled });
}
