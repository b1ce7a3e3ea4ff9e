import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingFeatureCollection } from '#domain/building-map';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { call } from '../../../lib/api-client.ts';
import { BUILDINGS_QUERY_PREFIX } from '../../../lib/query-keys.ts';
import type { MapBounds } from '../model/bounds.ts';

/** Filters of GET /api/buildings/geojson (product §7); each is sent only when set. */
export interface BuildingsGeojsonParams extends MapBounds {
  builtAfterDate?: number | null;
  builtBeforeDate?: number | null;
  archStyles?: readonly number[];
  /** The catalogue as of this year: only buildings standing then. */
  standingInYear?: number | null;
  /** The map's zoom rounded down: the server clusters by it. */
  zoom?: number | null;
}

/** Query string of the map and list calls: bounds, then each filter only when set. */
export function buildingsFilterSearch(params: BuildingsGeojsonParams): URLSearchParams {
  const search = new URLSearchParams({
    north: String(params.north),
    south: String(params.south),
    east: String(params.east),
    west: String(params.west),
  });
  if (params.builtAfterDate != null) search.set('builtAfterDate', String(params.builtAfterDate));
  if (params.builtBeforeDate != null) search.set('builtBeforeDate', String(params.builtBeforeDate));
  if (params.archStyles?.length) search.set('archStyles', params.archStyles.join(','));
  if (params.standingInYear != null) search.set('standingInYear', String(params.standingInYear));
  return search;
}

export function buildingsGeojsonSearch(params: BuildingsGeojsonParams): string {
  const search = buildingsFilterSearch(params);
  if (params.zoom != null) search.set('zoom', String(params.zoom));
  return search.toString();
}

export function getBuildingsGeojson(
  params: BuildingsGeojsonParams,
  signal?: AbortSignal,
): Promise<BuildingFeatureCollection> {
  return call(buildingEndpoints.geojson, { query: buildingsGeojsonSearch(params), signal });
}

export function buildingsGeojsonQueryOptions(params: BuildingsGeojsonParams) {
  return queryOptions({
    queryKey: [BUILDINGS_QUERY_PREFIX, 'geojson', params],
    queryFn: ({ signal }) => getBuildingsGeojson(params, signal),
  });
}

/** The map's buildings; the previous answer stays drawn while the next viewport loads. */
/** `enabled: false` holds the request (the explore screen waits for the view it will show). */
export function useBuildingsGeojson(params: BuildingsGeojsonParams, { enabled = true } = {}) {
  return useQuery({ ...buildingsGeojsonQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
