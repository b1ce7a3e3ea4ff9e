import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pages } from '#domain/pages';
import { showToast } from '../../../lib/toast/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import {
  confirmsHandle,
  DELETE_ACCOUNT_CONFIRM_LABEL,
  DELETE_ACCOUNT_DONE,
  DELETE_ACCOUNT_FAILED,
  DELETE_ACCOUNT_HINT,
  DELETE_ACCOUNT_LABEL,
  DELETE_ACCOUNT_REMOVE_BUILDINGS,
} from '../model/delete-account.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * The confirmation of delete-account.tsx, loaded at its first opening: the user types their handle
 * (the delete button stays disabled until it matches) and may choose to remove their buildings
 * nobody else contributed to. On success: signed out, a toast, and home.
 */
export function DeleteAccountDialog({
  handle,
  opened,
  onClose,
}: {
  handle: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [removeBuildings, setRemoveBuildings] = useState(false);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    remove.reset();
    onClose();
  };
  const confirmed = confirmsHandle(typed, handle);

  return (
    <Modal opened={opened} onClose={close} title={t(DELETE_ACCOUNT_LABEL)} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirmed) return;
          remove.mutate(
            { handle, removeBuildings },
            {
              onSuccess: () => {
                showToast({ message: DELETE_ACCOUNT_DONE, type: 'success' });
                void navigate(pages.explore.href());
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t(DELETE_ACCOUNT_HINT)}</Text>
          <TextInput
            label={t(DELETE_ACCOUNT_CONFIRM_LABEL)}
            description={t('Your handle: {handle}', { handle })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-autofocus
          />
          <Checkbox
            label={t(DELETE_ACCOUNT_REMOVE_BUILDINGS)}
            checked={removeBuildings}
            onChange={(event) => setRemoveBuildings(event.currentTarget.checked)}
          />
          {remove.isError && (
            <Alert color="red" role="alert">
              {t(DELETE_ACCOUNT_FAILED)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={remove.isPending}>
              {t(DELETE_ACCOUNT_LABEL)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
