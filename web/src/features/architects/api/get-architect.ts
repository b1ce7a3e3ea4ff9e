import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchitectDetail, ArchitectSuggestions } from '#domain/architects';
import { architectEndpoints } from '#domain/endpoints/architects';
import { call } from '../../../lib/api-client.ts';
import { buildingKeys } from '../../../lib/query-keys.ts';

export function getArchitect(id: number, signal?: AbortSignal): Promise<ArchitectDetail> {
  return call(architectEndpoints.get, { params: { id }, signal });
}

export function architectQueryOptions(id: number) {
  return queryOptions({
    queryKey: buildingKeys.architect(id),
    queryFn: ({ signal }) => getArchitect(id, signal),
  });
}

/** The architect of an /architects/{id} page; disabled while the id is not a valid one. */
export function useArchitect(id: number | null) {
  return useQuery({ ...architectQueryOptions(id ?? 0), enabled: id !== null });
}

export function getArchitectSuggestions(q: string, signal?: AbortSignal): Promise<ArchitectSuggestions> {
  return call(architectEndpoints.suggest, { query: { q }, signal });
}
