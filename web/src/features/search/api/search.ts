import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_LIMIT_DEFAULT } from '#domain/constants';
import type { SearchResult } from '#domain/search';
import { searchEndpoints } from '#domain/endpoints/search';
import { call } from '../../../lib/api-client.ts';
import { buildingKeys } from '../../../lib/query-keys.ts';

export function getSearch(q: string, limit: number, signal?: AbortSignal): Promise<SearchResult> {
  return call(searchEndpoints.search, { query: { q, limit }, signal });
}

export function searchQueryOptions(q: string, limit = SEARCH_LIMIT_DEFAULT) {
  return queryOptions({
    queryKey: buildingKeys.search(q, limit),
    queryFn: ({ signal }) => getSearch(q, limit, signal),
    staleTime: 60_000,
  });
}

/** The hits for a (debounced) text; idle while it is blank. Keeps the last answer while typing. */
export function useSearch(q: string) {
  const text = q.trim();
  return useQuery({ ...searchQueryOptions(text), enabled: text !== '', placeholderData: keepPreviousData });
}
