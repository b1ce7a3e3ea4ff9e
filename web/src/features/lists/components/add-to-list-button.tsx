import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { LIST_TEXTS } from '../model/lists.ts';
import { AddToListDialog } from './add-to-list-dialog.tsx';

interface AddToListButtonProps {
  buildingId: number;
  buildingName: string;
}

/** Product §2 and 6: the building profile's Add to List button, shown only to signed-in users. */
export function AddToListButton({ buildingId, buildingName }: AddToListButtonProps) {
  const { user } = useAuth();
  const [opened, dialog] = useDisclosure(false);
  if (!user) return null;
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlaylistAdd size={16} aria-hidden />}
        onClick={dialog.open}
      >
        {LIST_TEXTS.addToList}
      </Button>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={LIST_TEXTS.addToList}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {/* Mounted only while open: every opening starts with no box checked. */}
        {opened && (
          <AddToListDialog
            buildingId={buildingId}
            buildingName={buildingName}
            userHandle={user.handle}
            onDone={dialog.close}
          />
        )}
      </Modal>
    </>
  );
}
