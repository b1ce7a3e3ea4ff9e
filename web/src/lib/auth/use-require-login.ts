import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth, useAuthModal } from './auth-provider.tsx';
import { authUserFrom, checkLoginQueryOptions } from './check-login.ts';

/**
 * Gate for actions that need a signed-in user (product §6): `requireLogin(action)` runs the action
 * when signed in, otherwise opens the auth modal with this title and message (or the defaults).
 * Asked before the page's first session check has answered (a click just after the page loaded),
 * it decides on that answer: a signed-in visitor is not asked to log in.
 */
export function useRequireLogin(title?: string, message?: string) {
  const { isLoggedIn, isChecking } = useAuth();
  const { open } = useAuthModal();
  const queryClient = useQueryClient();
  return useCallback(
    (action: () => void) => {
      const askToLogIn = () => open({ title, message });
      if (isLoggedIn) action();
      else if (!isChecking) askToLogIn();
      else
        void queryClient
          .ensureQueryData(checkLoginQueryOptions())
          .then((answer) => (authUserFrom(answer) ? action() : askToLogIn()), askToLogIn);
    },
    [isLoggedIn, isChecking, open, title, message, queryClient],
  );
}
