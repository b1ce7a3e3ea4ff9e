import { queryOptions, useQuery } from '@tanstack/react-query';
import type { List, UserLists } from '#domain/lists';
import { listEndpoints } from '#domain/endpoints/lists';
import { call } from '../../../lib/api-client.ts';
import { LISTS_QUERY_PREFIX, listsQueryKey, userListsQueryKey } from '../../../lib/query-keys.ts';

export { LISTS_QUERY_PREFIX, listsQueryKey, userListsQueryKey };

/** GET /api/users/{handle}/lists: every list for the owner, only public ones for anyone else. */
export async function getUserLists(handle: string, signal?: AbortSignal): Promise<List[]> {
  const data: UserLists = await call(listEndpoints.ofUser, { params: { handle }, signal });
  return data.items;
}

export function userListsQueryOptions(handle: string) {
  return queryOptions({
    queryKey: userListsQueryKey(handle),
    queryFn: ({ signal }) => getUserLists(handle, signal),
  });
}

export function useUserLists(handle: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userListsQueryOptions(handle), enabled });
}
