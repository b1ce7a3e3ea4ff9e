import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchitectDetail, ArchitectSuggestions } from '#domain/architects';
import { architectEndpoints } from '#domain/endpoints/architects';
import { call } from '../../../lib/api-client.ts';
import { buildingKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/architects/{id}?page=: a merged architect answers 301 and the browser's fetch follows,
 * so the answer's id may differ from `id` (the page then shows the new address).
 */
export function getArchitect(id: number, page = 1, signal?: AbortSignal): Promise<ArchitectDetail> {
  return call(architectEndpoints.get, { params: { id }, query: page === 1 ? {} : { page }, signal });
}

export function architectQueryOptions(id: number, page = 1) {
  return queryOptions({
    queryKey: [...buildingKeys.architect(id), page] as const,
    queryFn: ({ signal }) => getArchitect(id, page, signal),
    // The previous page of the same architect stays on screen while the next loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === id ? keepPreviousData(previous) : undefined,
  });
}

/** The architect of an /architects/{id} page; disabled while the id is not a valid one. */
export function useArchitect(id: number | null, page = 1) {
  return useQuery({ ...architectQueryOptions(id ?? 0, page), enabled: id !== null });
}

export function getArchitectSuggestions(q: string, signal?: AbortSignal): Promise<ArchitectSuggestions> {
  return call(architectEndpoints.suggest, { query: { q }, signal });
}
