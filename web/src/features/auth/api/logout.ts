import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '#domain/endpoints/auth';
import { call } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/auth/auth-provider.tsx';
import { disableGoogleAutoSelect } from '../lib/google-identity.ts';

/** POST /api/auth/logout: ends the session on the server and clears the cookie (204). */
export async function logout(): Promise<void> {
  await call(authEndpoints.logout);
}

/** Product §4 and 8: success clears the user; failure is only logged. */
export function useLogout() {
  return useSignOutMutation(logout, 'Logout failed');
}

/** POST /api/auth/logout-all: ends every session of the user, on every device (204). */
export async function logoutEverywhere(): Promise<void> {
  await call(authEndpoints.logoutAll);
}

/** Settings' 'Sign out everywhere': success clears the user here too; failure is shown by the caller. */
export function useLogoutEverywhere() {
  return useSignOutMutation(logoutEverywhere, 'Sign out everywhere failed');
}

/** A sign-out call whose success forgets the user here (and Google's automatic sign-in). */
function useSignOutMutation(signOut: () => Promise<void>, failure: string) {
  const { loggedOut } = useAuthActions();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      disableGoogleAutoSelect();
      return loggedOut();
    },
    onError: (error) => console.error(failure, error),
  });
}
