import { Affix, Button, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';

/**
 * The floating 'Add New Building' button (spec 2, global elements); login required. The
 * Create Building wizard is not built yet, so a signed-in user gets a short notice instead.
 */
export function AddBuildingButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const requireLogin = useRequireLogin(LOGIN_TITLES.addBuilding, LOGIN_MESSAGES.addBuilding);

  return (
    <>
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
        <Button
          size="md"
          radius="xl"
          leftSection={<IconPlus size={20} aria-hidden />}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          onClick={() => requireLogin(open)}
        >
          Add New Building
        </Button>
      </Affix>
      <Modal
        opened={opened}
        onClose={close}
        title="Add New Building"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text>
          The Create Building wizard is coming soon. It will guide you through the location, address, details
          and images of a new building.
        </Text>
      </Modal>
    </>
  );
}
