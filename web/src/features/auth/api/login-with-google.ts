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
export function useLoginWithGoogle() {
  const { loggedIn } = useAuthActions();
  return useMutation({
    mutationFn: loginWithGoogle,
    onSuccess: ({ user }) => loggedIn(user),
    onError: (error) => console.error('Google login failed', error),
  });
}
