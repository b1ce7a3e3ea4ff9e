import { Button, Group, Modal, Text } from '@mantine/core';
import { COMMENT_TEXTS } from '../model/comment-rules.ts';
import { t } from '../../../lib/i18n.ts';

export interface DeleteCommentDialogProps {
  opened: boolean;
  deleting: boolean;
  onDelete: () => void;
  onCancel: () => void;
}

/** Product §5: the question before a comment is deleted (loaded at its first opening: comment-item.tsx). */
export function DeleteCommentDialog({ opened, deleting, onDelete, onCancel }: DeleteCommentDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('Delete comment')}
      centered
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      <Text>{t(COMMENT_TEXTS.confirmDelete)}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('Cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={onDelete}>
          {t('Delete')}
        </Button>
      </Group>
    </Modal>
  );
}
