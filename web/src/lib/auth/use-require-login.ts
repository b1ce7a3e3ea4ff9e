import { useCallback } from 'react';
import { useAuth, useAuthModal } from './auth-provider.tsx';

/**
 * Gate for actions that need a signed-in user (product §6): `requireLogin(action)` runs the action
 * when signed in, otherwise opens the auth modal with this title and message (or the defaults).
 */
export function useRequireLogin(title?: string, message?: string) {
  const { isLoggedIn } = useAuth();
  const { open } = useAuthModal();
  return useCallback(
    (action: () => void) => {
      if (isLoggedIn) action();
      else open({ title, message });
    },
    [isLoggedIn, open, title, message],
  );
}
