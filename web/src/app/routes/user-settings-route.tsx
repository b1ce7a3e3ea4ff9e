import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { DownloadMyData } from '../../features/user/components/download-my-data.tsx';
import { UserSettings } from '../../features/user/components/user-settings.tsx';
import { t } from '../../lib/i18n.ts';

// The navigation bar has no room for the language menu on narrow phones: Settings has it too.
const LanguageMenu = lazy(() =>
  import('../../features/navigation/components/language-menu.tsx').then((m) => ({ default: m.LanguageMenu })),
);

const LANGUAGE_TITLE_ID = 'settings-language-title';

export function UserSettingsRoute() {
  const { handle = '' } = useParams();
  return (
    <UserSettings
      handle={handle}
      accountActions={
        <>
          <Stack gap="xs" align="flex-start">
            {/* The section's heading names the menu (one 'Language', not a title and a label). */}
            <Title order={3} id={LANGUAGE_TITLE_ID}>
              {t('Language')}
            </Title>
            <Suspense fallback={null}>
              <LanguageMenu labelledBy={LANGUAGE_TITLE_ID} />
            </Suspense>
          </Stack>
          <DownloadMyData handle={handle} />
          <SignOutEverywhere />
        </>
      }
    />
  );
}
