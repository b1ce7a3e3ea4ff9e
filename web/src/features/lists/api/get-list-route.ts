import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListRoute } from '#domain/lists';
import { apiUrl } from '#domain/endpoints/define';
import { exportEndpoints } from '#domain/endpoints/export';
import { listEndpoints } from '#domain/endpoints/lists';
import { call } from '../../../lib/api-client.ts';
import { listRouteQueryKey } from '../../../lib/query-keys.ts';

/** GET /api/lists/{id}/route: the list's buildings in walking order from `start` (null: its first). */
export function getListRoute(listId: number, start: number | null, signal?: AbortSignal): Promise<ListRoute> {
  return call(listEndpoints.route, { params: { id: listId }, query: { start: start ?? undefined }, signal });
}

/** The walk; while another start's walk loads, the last one stays on screen. */
export function useListRoute(listId: number, start: number | null) {
  return useQuery({
    queryKey: listRouteQueryKey(listId, start),
    queryFn: ({ signal }) => getListRoute(listId, start, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/lists/{id}/export?format=gpx: the same walk as GPX, from `start` when given (a download link). */
export function listGpxHref(listId: number, start: number | null): string {
  return apiUrl(exportEndpoints.list, {
    params: { id: listId },
    query: { format: 'gpx', start: start ?? undefined },
  });
}
