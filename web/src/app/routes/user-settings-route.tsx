import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { DownloadMyData } from '../../features/user/components/download-my-data.tsx';
import { UserSettings } from '../../features/user/components/user-settings.tsx';

// The navigation bar has no room for the language menu on narrow phones: Settings has it too.
const LanguageMenu = lazy(() =>
  import('../../features/navigation/components/language-menu.tsx').then((m) => ({ default: m.LanguageMenu })),
);

export function UserSettingsRoute() {
  const { handle = '' } = useParams();
  return (
    <UserSettings
      handle={handle}
      accountActions={
        <>
          <Stack gap="xs" align="flex-start">
            <Title order={3}>Language</Title>
            <Suspense fallback={null}>
              <LanguageMenu />
            </Suspense>
          </Stack>
          <DownloadMyData handle={handle} />
          <SignOutEverywhere />
        </>
      }
    />
  );
}
