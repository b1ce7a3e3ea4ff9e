import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/auth/auth-provider.tsx';
import { disableGoogleAutoSelect } from '../lib/google-identity.ts';

/** POST /api/auth/logout: ends the session on the server and clears the cookie (204). */
export async function logout(): Promise<void> {
  await apiRequest<null>('/auth/logout', { method: 'POST', credentials: true });
}

/** Spec 4 and 8: success clears the user; failure is only logged. */
export function useLogout() {
  const { loggedOut } = useAuthActions();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      disableGoogleAutoSelect();
      return loggedOut();
    },
    onError: (error) => console.error('Logout failed', error),
  });
}
