import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { pages } from '#domain/pages';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import { LoginProviders } from './login-providers.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * The auth modal itself (product §2): a title, a message, the login providers and a link to the
 * privacy page. Leaving the page it opened on (that link, the browser's Back) closes it.
 */
export function AuthModalDialog() {
  const { state, close } = useAuthModal();
  const { pathname } = useLocation();
  const openedOn = useRef<string | null>(null);

  useEffect(() => {
    if (!state.isOpen) openedOn.current = null;
    else if (openedOn.current === null) openedOn.current = pathname;
    else if (openedOn.current !== pathname) close();
  }, [state.isOpen, pathname, close]);

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
        <Text size="xs" c="dimmed" ta="center">
          {t('What signing in stores, and how to download or delete it:')}{' '}
          <Anchor component={Link} to={pages.privacy.href()} size="xs" underline="always">
            {t('Privacy')}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
