import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { pages } from '#domain/pages';
import { HandleForm } from './handle-form.tsx';
import { t } from '../../../lib/i18n.ts';
import { tNodes } from '../../../lib/i18n-nodes.ts';

export const WELCOME_TITLE = 'Welcome to Atlas of Buildings';
export const WELCOME_SKIP_LABEL = 'Skip for now';

interface WelcomeHandleDialogProps {
  /** The generated handle the account has now. */
  handle: string;
  onSkip: () => void;
}

/**
 * The welcome dialog: says which handle the new account got and where it shows, and offers the
 * handle form. Saving closes it (the handle is no longer a generated one); Skip and Close keep the
 * generated handle, which Settings can change later.
 */
export function WelcomeHandleDialog({ handle, onSkip }: WelcomeHandleDialogProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onChanged = (newHandle: string) => {
    // On one's own page under the old handle, follow the new one.
    const own = pages.user.href({ handle });
    if (pathname === own || pathname.startsWith(`${own}/`)) {
      void navigate(pages.user.href({ handle: newHandle }) + pathname.slice(own.length) + search, {
        replace: true,
      });
    }
  };
  return (
    <Modal opened onClose={onSkip} title={t(WELCOME_TITLE)} centered>
      <Stack gap="md">
        <Text>
          {tNodes(
            'Your public handle is {handle}. It is shown on the buildings, photos and comments you add. Pick one of your own: it need not be your name. You can change it later in Settings.',
            { handle: <strong>{handle}</strong> },
          )}
        </Text>
        <HandleForm currentHandle={handle} onChanged={onChanged} />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onSkip}>
            {t(WELCOME_SKIP_LABEL)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
