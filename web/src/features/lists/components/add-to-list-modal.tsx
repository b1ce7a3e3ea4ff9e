import { Modal } from '@mantine/core';
import { LIST_TEXTS } from '../model/lists.ts';
import { AddToListDialog } from './add-to-list-dialog.tsx';
import { t } from '../../../lib/i18n.ts';

export interface AddToListModalProps {
  opened: boolean;
  onClose: () => void;
  buildingId: number;
  buildingName: string;
  userHandle: string;
}

/** The Add to List modal (loaded at its first opening: add-to-list-button.tsx). */
export function AddToListModal({
  opened,
  onClose,
  buildingId,
  buildingName,
  userHandle,
}: AddToListModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(LIST_TEXTS.addToList)} centered>
      {/* Mounted only while open: every opening starts with no box checked. */}
      {opened && (
        <AddToListDialog
          buildingId={buildingId}
          buildingName={buildingName}
          userHandle={userHandle}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
