import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchitecturalStyle } from '#domain/styles';
import { styleEndpoints } from '#domain/endpoints/styles';
import { call } from '../api-client.ts';

/** GET /api/architectural_styles/ (product §7): every style, by name. Shared by the filter bar and the forms. */
export function getArchitecturalStyles(signal?: AbortSignal): Promise<ArchitecturalStyle[]> {
  return call(styleEndpoints.list, { signal });
}

export function architecturalStylesQueryOptions() {
  return queryOptions({
    queryKey: ['architectural-styles'],
    queryFn: ({ signal }) => getArchitecturalStyles(signal),
    // Styles change rarely; one fetch per page life is enough.
    staleTime: Infinity,
  });
}

export function useArchitecturalStyles() {
  return useQuery(architecturalStylesQueryOptions());
}
