import { Button, Group, Modal, Text } from '@mantine/core';
import { t } from '../lib/i18n.ts';

/** The caller translates the texts it passes: the dialog adds only Cancel and Close. */
export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The dialog of confirm-dialog.tsx, loaded at its first opening. */
export function ConfirmDialogModal({
  opened,
  title,
  question,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      <Text>{question}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {t('Cancel')}
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
