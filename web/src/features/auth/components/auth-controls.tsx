import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { LoginButton } from './login-button.tsx';

// The menu (Mantine's Menu and its floating positioning) loads for signed-in users only.
const ProfileMenu = lazy(() => import('./profile-menu.tsx').then((m) => ({ default: m.ProfileMenu })));

/** The same placeholder while the session check runs and while the menu loads. */
const placeholder = <Skeleton height={36} width={84} radius="md" aria-hidden />;

/** The navigation bar's account control: 'Login' when signed out, the profile menu when signed in. */
export function AuthControls() {
  const { user, isChecking } = useAuth();
  // A placeholder while the first session check runs, so a signed-in user never sees 'Login' flash.
  if (isChecking) return placeholder;
  return user ? (
    <Suspense fallback={placeholder}>
      <ProfileMenu user={user} />
    </Suspense>
  ) : (
    <LoginButton />
  );
}
