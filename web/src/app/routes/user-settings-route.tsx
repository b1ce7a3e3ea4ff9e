import { useParams } from 'react-router';
import { UserSettings } from '../../features/user/components/user-settings.tsx';

export function UserSettingsRoute() {
  const { handle = '' } = useParams();
  return <UserSettings handle={handle} />;
}
