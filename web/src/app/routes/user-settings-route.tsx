import { useParams } from 'react-router';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { UserSettings } from '../../features/user/components/user-settings.tsx';

export function UserSettingsRoute() {
  const { handle = '' } = useParams();
  return <UserSettings handle={handle} accountActions={<SignOutEverywhere />} />;
}
