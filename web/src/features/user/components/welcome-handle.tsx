import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { rememberWelcomeSkipped, shouldWelcome, skippedWelcomeIds } from '../model/welcome.ts';

// The dialog and the handle form load only for a user who is welcomed.
const WelcomeHandleDialog = lazy(() =>
  import('./welcome-handle-dialog.tsx').then((m) => ({ default: m.WelcomeHandleDialog })),
);

/** The browser's localStorage, or undefined where there is none or it is refused. */
function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The welcome step after a first sign-in: while the signed-in user's handle is still the generated
 * one, a dialog invites them to pick their own; skipping it is remembered on this browser.
 */
export function WelcomeHandle() {
  const { user } = useAuth();
  const [skipped, setSkipped] = useState(() => skippedWelcomeIds(browserStorage()));
  if (!user || !shouldWelcome(user, skipped)) return null;
  const skip = () => {
    rememberWelcomeSkipped(browserStorage(), user.id);
    setSkipped((ids) => [...ids, user.id]);
  };
  return (
    <Suspense fallback={null}>
      <WelcomeHandleDialog handle={user.handle} onSkip={skip} />
    </Suspense>
  );
}
