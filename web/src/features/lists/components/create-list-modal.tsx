import { Modal } from '@mantine/core';
import { LIST_TEXTS } from '../model/lists.ts';
import { CreateListForm } from './create-list-form.tsx';
import { t } from '../../../lib/i18n.ts';

/** The Create List modal of the user page (loaded at its first opening: user-lists.tsx). */
export function CreateListModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(LIST_TEXTS.createList)} centered>
      {opened && <CreateListForm onCreated={onClose} onCancel={onClose} autoFocus />}
    </Modal>
  );
}
