import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useUser } from '../api/get-user.ts';
import { userSectionPath } from '../model/user-nav.ts';
import { DeleteAccount } from './delete-account.tsx';
import { HandleForm } from './handle-form.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * Product §2, Settings: 'User Settings' with 'Change Username', on the user's own profile, and
 * below it `accountActions`: what other features add there ('Sign out everywhere', composed by
 * web/src/app/routes/user-settings-route.tsx), and last the danger zone's 'Delete my account'.
 */
export function UserSettings({ handle, accountActions }: { handle: string; accountActions?: ReactNode }) {
  const navigate = useNavigate();
  const profile = useUser(handle);
  const { user: me, isChecking } = useAuth();
  // Ownership by id: during a rename the signed-in handle changes before the URL does.
  const isOwnProfile = me !== null && profile.data?.id === me.id;

  return (
    <Stack gap="lg">
      <Title order={2}>{t('User Settings')}</Title>
      {isOwnProfile ? (
        <>
          <Stack gap="xs">
            <Title order={3}>{t('Change Username')}</Title>
            <HandleForm
              currentHandle={handle}
              onChanged={(newHandle) =>
                void navigate(userSectionPath(newHandle, 'settings'), { replace: true })
              }
            />
          </Stack>
          {accountActions}
          <DeleteAccount handle={handle} />
        </>
      ) : isChecking || profile.isPending ? null : (
        <Text c="dimmed">
          {me ? t('You can only change your own settings.') : t('Please log in to change your settings.')}
        </Text>
      )}
    </Stack>
  );
}
