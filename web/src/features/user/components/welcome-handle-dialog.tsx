import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { pages } from '#domain/pages';
import { HandleForm } from './handle-form.tsx';

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
    <Modal
      opened
      onClose={onSkip}
      title={WELCOME_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>
          Your public handle is <strong>{handle}</strong>. It is shown on the buildings, photos and comments
          you add. Pick one of your own: it need not be your name. You can change it later in Settings.
        </Text>
        <HandleForm currentHandle={handle} onChanged={onChanged} />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onSkip}>
            {WELCOME_SKIP_LABEL}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
