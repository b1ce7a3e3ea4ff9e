import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingList } from '#domain/building-list';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { apiUrl, type EndpointQuery } from '#domain/endpoints/define';
import { call } from '../../../lib/api-client.ts';
import { takePrefetched } from '../../../lib/prefetched.ts';
import { buildingKeys } from '../../../lib/query-keys.ts';
import { buildingsFilterQuery, type BuildingsGeojsonParams } from './get-buildings-geojson.ts';

/** GET /api/buildings/ (product §7): the card list of the buildings in view, with the map's filters. */
export interface BuildingsListParams extends Omit<BuildingsGeojsonParams, 'zoom'> {
  page: number;
  perPage: number;
  /** 'distance': the cards nearest the viewport's centre first; newest first without. */
  sortBy?: 'distance' | undefined;
}

export function buildingsListQuery(
  params: BuildingsListParams,
): EndpointQuery<typeof buildingEndpoints.list> {
  return {
    ...buildingsFilterQuery(params),
    sort_by: params.sortBy,
    page: params.page,
    per_page: params.perPage,
  };
}

export function getBuildings(params: BuildingsListParams, signal?: AbortSignal): Promise<BuildingList> {
  return call(buildingEndpoints.list, { query: buildingsListQuery(params), signal });
}

export function buildingsListQueryOptions(params: BuildingsListParams) {
  return queryOptions({
    queryKey: buildingKeys.list(params),
    queryFn: ({ signal }) => getBuildings(params, signal),
  });
}

/**
 * The cards; the previous page stays shown while the next viewport loads. The start view's first
 * page may have come with the page (server/modules/pages/prefetch.ts): then the cards are drawn in
 * the screen's first render, with no request.
 */
/** `enabled: false` holds the request (the explore screen waits for the view it will show). */
export function useBuildings(params: BuildingsListParams, { enabled = true } = {}) {
  return useQuery({
    ...buildingsListQueryOptions(params),
    enabled,
    initialData: () =>
      takePrefetched(apiUrl(buildingEndpoints.list, { query: buildingsListQuery(params) })) as
        BuildingList | undefined,
    placeholderData: keepPreviousData,
  });
}
