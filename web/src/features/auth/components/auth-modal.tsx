import { lazy, Suspense, useState } from 'react';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';

// The modal and the login providers load when the modal first opens.
const AuthModalDialog = lazy(() =>
  import('./auth-modal-dialog.tsx').then((m) => ({ default: m.AuthModalDialog })),
);

/** The one auth modal of the app (product §2), mounted from its first opening on. */
export function AuthModal() {
  const { state } = useAuthModal();
  const [wanted, setWanted] = useState(false);
  if (state.isOpen && !wanted) setWanted(true);
  if (!wanted && !state.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <AuthModalDialog />
    </Suspense>
  );
}
