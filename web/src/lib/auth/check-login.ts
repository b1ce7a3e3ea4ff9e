import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/users';
import { authEndpoints } from '#domain/endpoints/auth';
import { call } from '../api-client.ts';
import { AUTH_QUERY_PREFIX, checkLoginQueryKey } from '../query-keys.ts';

/** GET /api/auth/check-login: the answer of product §7. */
export interface CheckLoginResponse {
  logged_in: boolean;
  user: CurrentUser | null;
}

export { AUTH_QUERY_PREFIX, checkLoginQueryKey };

export function checkLogin(signal?: AbortSignal): Promise<CheckLoginResponse> {
  return call(authEndpoints.checkLogin, { signal });
}

/**
 * The auth state's single source of truth (product §4). Kept fresh by login/logout writing the
 * answer; re-checked when the window regains focus (another tab may have signed out).
 */
export function checkLoginQueryOptions() {
  return queryOptions({
    queryKey: checkLoginQueryKey,
    queryFn: ({ signal }) => checkLogin(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: 'always',
  });
}

export function useCheckLogin() {
  return useQuery(checkLoginQueryOptions());
}

/** Product §4: logged_in true sets the user, anything else clears it. */
export function authUserFrom(answer: CheckLoginResponse | undefined): CurrentUser | null {
  return answer?.logged_in && answer.user ? answer.user : null;
}

/**
 * Writes the signed-in user (or none) into the cache, as a check-login answer would. A check
 * still in flight is cancelled first: it may have left before the login or logout (a refetch on
 * window focus as Google's popup closes) and would otherwise overwrite the newer state.
 */
export async function setAuthUser(queryClient: QueryClient, user: CurrentUser | null): Promise<void> {
  await queryClient.cancelQueries({ queryKey: checkLoginQueryKey });
  queryClient.setQueryData<CheckLoginResponse>(checkLoginQueryKey, { logged_in: user !== null, user });
}

/** Changes fields of the signed-in user (a new handle); no-op when signed out. */
export async function updateAuthUser(queryClient: QueryClient, patch: Partial<CurrentUser>): Promise<void> {
  await queryClient.cancelQueries({ queryKey: checkLoginQueryKey });
  const user = authUserFrom(queryClient.getQueryData<CheckLoginResponse>(checkLoginQueryKey));
  if (user)
    queryClient.setQueryData<CheckLoginResponse>(checkLoginQueryKey, {
      logged_in: true,
      user: { ...user, ...patch },
    });
}

/** What the server answers may depend on who asks (own votes, own email): refetch it all. */
export function refreshUserDependentQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== AUTH_QUERY_PREFIX });
}
