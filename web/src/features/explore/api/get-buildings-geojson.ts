import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingFeatureCollection } from '#domain/buildings';
import { apiGet } from '../../../lib/api-client.ts';

export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** Filters of GET /api/buildings/geojson (spec section 7); each is sent only when set. */
export interface BuildingsGeojsonParams extends MapBounds {
  builtAfterDate?: number | null;
  builtBeforeDate?: number | null;
  archStyles?: readonly number[];
}

export function buildingsGeojsonSearch(params: BuildingsGeojsonParams): string {
  const search = new URLSearchParams({
    north: String(params.north),
    south: String(params.south),
    east: String(params.east),
    west: String(params.west),
  });
  if (params.builtAfterDate != null) search.set('builtAfterDate', String(params.builtAfterDate));
  if (params.builtBeforeDate != null) search.set('builtBeforeDate', String(params.builtBeforeDate));
  if (params.archStyles?.length) search.set('archStyles', params.archStyles.join(','));
  return search.toString();
}

export function getBuildingsGeojson(
  params: BuildingsGeojsonParams,
  signal?: AbortSignal,
): Promise<BuildingFeatureCollection> {
  return apiGet<BuildingFeatureCollection>(`/buildings/geojson?${buildingsGeojsonSearch(params)}`, {
    signal,
  });
}

export function buildingsGeojsonQueryOptions(params: BuildingsGeojsonParams) {
  return queryOptions({
    queryKey: ['buildings', 'geojson', params],
    queryFn: ({ signal }) => getBuildingsGeojson(params, signal),
  });
}

export function useBuildingsGeojson(params: BuildingsGeojsonParams) {
  return useQuery(buildingsGeojsonQueryOptions(params));
}
