import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/users';
import { authEndpoints } from '#domain/endpoints/auth';
import { call } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/auth/auth-provider.tsx';

export interface LoginResponse {
  user: CurrentUser;
}

/** POST /api/auth/google with the Google ID token credential; the server sets the session cookie. */
export async function loginWithGoogle(token: string): Promise<LoginResponse> {
  return call(authEndpoints.google, { body: { token } });
}

/** Product §4 and 8: success sets the user and closes the modal; failure is only logged. */
export function useLoginMutation<A>(login: (arg: A) => Promise<LoginResponse>, provider: string) {
  const { loggedIn } = useAuthActions();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => loggedIn(user),
    onError: (error) => console.error(`${provider} login failed`, error),
  });
}

export function useLoginWithGoogle() {
  return useLoginMutation(loginWithGoogle, 'Google');
}
