import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingFeatureCollection } from '#domain/building-map';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import type { EndpointQuery } from '#domain/endpoints/define';
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
  /** Only buildings with no visible image. */
  needsPhotos?: boolean;
  /** The map's zoom rounded down: the server clusters by it. */
  zoom?: number | null;
}

/** The filters the map and the card list share (domain/buildings.ts, buildingFiltersShape). */
export type BuildingsFilterQuery = Omit<EndpointQuery<typeof buildingEndpoints.geojson>, 'zoom'>;

/** Query of the map and list calls: bounds, then each filter only when set. */
export function buildingsFilterQuery(params: BuildingsGeojsonParams): BuildingsFilterQuery {
  return {
    north: params.north,
    south: params.south,
    east: params.east,
    west: params.west,
    builtAfterDate: params.builtAfterDate ?? undefined,
    builtBeforeDate: params.builtBeforeDate ?? undefined,
    archStyles: params.archStyles,
    standingInYear: params.standingInYear ?? undefined,
    needsPhotos: params.needsPhotos || undefined,
  };
}

export function buildingsGeojsonQuery(
  params: BuildingsGeojsonParams,
): EndpointQuery<typeof buildingEndpoints.geojson> {
  return { ...buildingsFilterQuery(params), zoom: params.zoom ?? undefined };
}

export function getBuildingsGeojson(
  params: BuildingsGeojsonParams,
  signal?: AbortSignal,
): Promise<BuildingFeatureCollection> {
  return call(buildingEndpoints.geojson, { query: buildingsGeojsonQuery(params), signal });
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
