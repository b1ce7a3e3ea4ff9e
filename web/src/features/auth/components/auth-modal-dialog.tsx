import { Modal, Stack, Text } from '@mantine/core';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import { LoginProviders } from './login-providers.tsx';
import { t } from '../../../lib/i18n.ts';

/** The auth modal itself (product §2): a title, a message, and the login providers. */
export function AuthModalDialog() {
  const { state, close } = useAuthModal();
  return (
    <Modal
      opened={state.isOpen}
      onClose={close}
      title={t(state.title)}
      centered
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      <Stack gap="md">
        {state.message !== null && <Text>{t(state.message)}</Text>}
        {state.isOpen && <LoginProviders />}
      </Stack>
    </Modal>
  );
}
