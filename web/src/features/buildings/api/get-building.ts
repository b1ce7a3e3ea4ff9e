import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingDetail } from '#domain/building-detail';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { call } from '../../../lib/api-client.ts';
import { buildingKeys } from '../../../lib/query-keys.ts';

export function getBuilding(id: number, signal?: AbortSignal): Promise<BuildingDetail> {
  return call(buildingEndpoints.get, { params: { id }, signal });
}

export function buildingQueryOptions(id: number) {
  return queryOptions({
    queryKey: buildingKeys.detail(id),
    queryFn: ({ signal }) => getBuilding(id, signal),
  });
}

/** The building of a /buildings/{id} page; disabled while the id is not a valid one. */
export function useBuilding(id: number | null) {
  return useQuery({ ...buildingQueryOptions(id ?? 0), enabled: id !== null });
}

/** A route's id parameter as a positive whole number, or null. */
export function parseBuildingId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
