import { useMutation } from '@tanstack/react-query';
import { userEndpoints } from '#domain/endpoints/users';
import { call } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/auth/auth-provider.tsx';

export interface DeleteAccountVariables {
  handle: string;
  /** Also remove the buildings the account added that nobody else contributed to. */
  removeBuildings: boolean;
}

/** DELETE /api/users/{handle}: the account goes and its sessions end (204, the cookie cleared). */
export async function deleteAccount({ handle, removeBuildings }: DeleteAccountVariables): Promise<void> {
  await call(userEndpoints.remove, { params: { handle }, query: { remove_buildings: removeBuildings } });
}

/** Settings' 'Delete my account': success forgets the user here (the server signed them out). */
export function useDeleteAccount() {
  const { loggedOut } = useAuthActions();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Google's automatic sign-in would otherwise make a new account at once.
      (
        window as { google?: { accounts?: { id?: { disableAutoSelect?: () => void } } } }
      ).google?.accounts?.id?.disableAutoSelect?.();
      return loggedOut();
    },
    onError: (error) => console.error('Account deletion failed', error),
  });
}
