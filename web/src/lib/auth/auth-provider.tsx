import { createContext, useCallback, useContext, useMemo, useReducer, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/users';
import {
  authModalReducer,
  initialAuthModalState,
  type AuthModalState,
  type OpenAuthModalOptions,
} from './auth-modal.ts';
import {
  authUserFrom,
  checkLoginQueryKey,
  refreshUserDependentQueries,
  setAuthUser,
  useCheckLogin,
  type CheckLoginResponse,
} from './check-login.ts';

interface AuthModalContextValue {
  state: AuthModalState;
  /** Opens the auth modal; while signed in it closes instead and logs an error (product §2). */
  open: (options?: OpenAuthModalOptions) => void;
  close: () => void;
}

const AuthModalContext = createContext<AuthModalContextValue | null>(null);

/** Holds the auth modal's state for the whole app; the auth user itself lives in the query cache. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(authModalReducer, initialAuthModalState);

  const open = useCallback(
    (options: OpenAuthModalOptions = {}) => {
      // Read the cache at call time: a closure over a rendered value could be one login behind.
      const isLoggedIn =
        authUserFrom(queryClient.getQueryData<CheckLoginResponse>(checkLoginQueryKey)) !== null;
      if (isLoggedIn) console.error('The auth modal was asked to open while the user is logged in.');
      dispatch({ type: 'open', isLoggedIn, ...options });
    },
    [queryClient],
  );
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  const value = useMemo(() => ({ state, open, close }), [state, open, close]);

  return <AuthModalContext.Provider value={value}>{children}</AuthModalContext.Provider>;
}

export function useAuthModal(): AuthModalContextValue {
  const value = useContext(AuthModalContext);
  if (!value) throw new Error('useAuthModal needs an <AuthProvider> above it');
  return value;
}

export interface AuthState {
  /** Product §3, auth state. False until a session check says otherwise. */
  isLoggedIn: boolean;
  user: CurrentUser | null;
  /** True until the first session check has answered (or failed). */
  isChecking: boolean;
}

/** The signed-in user per the last session check, login or logout (product §4). */
export function useAuth(): AuthState {
  const check = useCheckLogin();
  const user = authUserFrom(check.data);
  return { isLoggedIn: user !== null, user, isChecking: check.isPending };
}

/** State changes after a login or logout call succeeded. */
export function useAuthActions() {
  const queryClient = useQueryClient();
  const { close } = useAuthModal();
  return useMemo(
    () => ({
      /** Product §4: after a login succeeds the user is set and the modal closes. */
      loggedIn: async (user: CurrentUser) => {
        await setAuthUser(queryClient, user);
        close();
        void refreshUserDependentQueries(queryClient);
      },
      /** Product §4: logout clears the user. */
      loggedOut: async () => {
        await setAuthUser(queryClient, null);
        void refreshUserDependentQueries(queryClient);
      },
    }),
    [queryClient, close],
  );
}
