import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useLogoutEverywhere } from '../api/logout.ts';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

export const SIGN_OUT_EVERYWHERE_HINT =
  'Ends your sessions on every device and browser where you are signed in, this one included.';
export const SIGN_OUT_EVERYWHERE_QUESTION = 'Are you sure you want to sign out on every device?';
export const SIGN_OUT_EVERYWHERE_FAILED = 'Failed to sign out everywhere. Please try again.';

/** Settings: 'Sign out everywhere', after a confirmation; then home. */
export function SignOutEverywhere() {
  const [confirming, confirm] = useDisclosure(false);
  const navigate = useNavigate();
  const logoutAll = useLogoutEverywhere();

  return (
    <Stack gap="xs" align="flex-start">
      <Title order={3}>{t('Sign out everywhere')}</Title>
      <Text size="sm" c="dimmed">
        {t(SIGN_OUT_EVERYWHERE_HINT)}
      </Text>
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={confirm.open}
      >
        {t('Sign out everywhere')}
      </Button>
      {logoutAll.isError && (
        <Alert color="red" role="alert">
          {t(SIGN_OUT_EVERYWHERE_FAILED)}
        </Alert>
      )}

      <ConfirmDialog
        opened={confirming}
        title={t('Sign out everywhere')}
        question={t(SIGN_OUT_EVERYWHERE_QUESTION)}
        confirmLabel={t('Sign out everywhere')}
        pending={logoutAll.isPending}
        onConfirm={() =>
          logoutAll.mutate(undefined, {
            onSuccess: () => void navigate(pages.explore.href()),
            onSettled: confirm.close,
          })
        }
        onCancel={confirm.close}
      />
    </Stack>
  );
}
