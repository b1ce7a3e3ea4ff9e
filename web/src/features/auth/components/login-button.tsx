import { Button, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** Signed-out visitors see 'Login' (spec section 2). Google sign-in arrives in a later issue. */
export function LoginButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="filled" onClick={open}>
        Login
      </Button>
      <Modal opened={opened} onClose={close} title="Login or create an account! :)" centered>
        <Text c="dimmed">Sign-in with Google is coming soon.</Text>
      </Modal>
    </>
  );
}
