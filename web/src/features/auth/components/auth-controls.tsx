import { Skeleton } from '@mantine/core';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { LoginButton } from './login-button.tsx';
import { ProfileMenu } from './profile-menu.tsx';

/** The navigation bar's account control: 'Login' when signed out, the profile menu when signed in. */
export function AuthControls() {
  const { user, isChecking } = useAuth();
  // A placeholder while the first session check runs, so a signed-in user never sees 'Login' flash.
  if (isChecking) return <Skeleton height={36} width={84} radius="md" aria-hidden />;
  return user ? <ProfileMenu user={user} /> : <LoginButton />;
}
