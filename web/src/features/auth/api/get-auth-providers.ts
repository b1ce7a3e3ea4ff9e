import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '#domain/auth';
import { authEndpoints } from '#domain/endpoints/auth';
import { call } from '../../../lib/api-client.ts';
import { authProvidersQueryKey } from '../../../lib/query-keys.ts';

export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return call(authEndpoints.providers, { signal });
}

/** The sign-in choices the server offers; they do not change while the page lives. */
export function authProvidersQueryOptions() {
  return queryOptions({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => getAuthProviders(signal),
    staleTime: Infinity,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
