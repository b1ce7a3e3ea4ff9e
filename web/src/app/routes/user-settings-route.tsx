import { useParams } from 'react-router';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { DownloadMyData } from '../../features/user/components/download-my-data.tsx';
import { UserSettings } from '../../features/user/components/user-settings.tsx';

export function UserSettingsRoute() {
  const { handle = '' } = useParams();
  return (
    <UserSettings
      handle={handle}
      accountActions={
        <>
          <DownloadMyData handle={handle} />
          <SignOutEverywhere />
        </>
      }
    />
  );
}
