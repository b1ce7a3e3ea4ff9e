import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAuth, useAuthModal } from '../../lib/auth/auth-provider.tsx';
import { LOGIN_MODAL_TITLE } from '../../lib/auth/messages.ts';
import { pages } from '#domain/pages';

/**
 * /login: the explore screen with the login modal open (the user page's 'Sign In' link).
 * Once the session check says signed out the modal opens; closing it, or signing in, leaves for /.
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const { isLoggedIn, isChecking } = useAuth();
  const { state, open } = useAuthModal();
  const requested = useRef(false);
  const seenOpen = useRef(false);

  useEffect(() => {
    if (isChecking || isLoggedIn || requested.current) return;
    requested.current = true;
    open({ title: LOGIN_MODAL_TITLE, message: null });
  }, [isChecking, isLoggedIn, open]);

  useEffect(() => {
    if (state.isOpen) seenOpen.current = true;
    else if (seenOpen.current) void navigate(pages.explore.href(), { replace: true });
  }, [state.isOpen, navigate]);

  if (isLoggedIn) return <Navigate to={pages.explore.href()} replace />;
  return null;
}
