import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#domain/users';
import { userEndpoints } from '#domain/endpoints/users';
import { call } from '../../../lib/api-client.ts';
import { updateAuthUser } from '../../../lib/auth/check-login.ts';
import { userQueryKey } from './get-user.ts';

export interface ChangeHandleVariables {
  /** The handle the profile has now (the path's {handle}). */
  currentHandle: string;
  newHandle: string;
}

/** PATCH /api/users/{handle}/handle {handle}: answers the new handle. */
export async function changeHandle({ currentHandle, newHandle }: ChangeHandleVariables): Promise<string> {
  const data = await call(userEndpoints.changeHandle, {
    params: { handle: currentHandle },
    body: { handle: newHandle },
  });
  return data.handle;
}

/**
 * On success the signed-in user's handle changes, and the profile is cached under the new
 * handle so the page at the new URL shows at once; the old handle's entry is only marked stale
 * (refetching it now would answer 404 while the old URL is still on screen).
 */
export function useChangeHandle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeHandle,
    onSuccess: async (handle, { currentHandle }) => {
      const profile = queryClient.getQueryData<User>(userQueryKey(currentHandle));
      if (profile) queryClient.setQueryData<User>(userQueryKey(handle), { ...profile, handle });
      await updateAuthUser(queryClient, { handle });
      void queryClient.invalidateQueries({ queryKey: userQueryKey(currentHandle), refetchType: 'none' });
    },
  });
}
