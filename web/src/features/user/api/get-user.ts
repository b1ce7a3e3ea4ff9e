import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#domain/users';
import { userEndpoints } from '#domain/endpoints/users';
import { call } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/query-keys.ts';

export { userQueryKey };

/** GET /api/users/{handle}: the public profile; the email only to its owner. */
export function getUser(handle: string, signal?: AbortSignal): Promise<User> {
  return call(userEndpoints.get, { params: { handle }, signal });
}

export function userQueryOptions(handle: string) {
  return queryOptions({
    queryKey: userQueryKey(handle),
    queryFn: ({ signal }) => getUser(handle, signal),
  });
}

export function useUser(handle: string) {
  return useQuery(userQueryOptions(handle));
}
