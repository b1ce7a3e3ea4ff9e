import { Modal } from '@mantine/core';
import { LIST_TEXTS } from '../model/lists.ts';
import { CreateListForm } from './create-list-form.tsx';

/** The Create List modal of the user page (loaded at its first opening: user-lists.tsx). */
export function CreateListModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={LIST_TEXTS.createList}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <CreateListForm onCreated={onClose} onCancel={onClose} autoFocus />}
    </Modal>
  );
}
