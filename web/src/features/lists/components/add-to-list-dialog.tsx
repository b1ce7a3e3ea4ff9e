import { useState } from 'react';
import { Button, Checkbox, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { List } from '#domain/lists';
import { showToast } from '../../../lib/toast/toast.ts';
import { useAddBuildingToLists } from '../api/add-building-to-list.ts';
import { useUserLists } from '../api/get-user-lists.ts';
import {
  LIST_TEXTS,
  addToListOptions,
  canSubmitAddToList,
  listsToAddTo,
  toggleListSelection,
} from '../model/lists.ts';
import { CreateListForm } from './create-list-form.tsx';
import { t } from '../../../lib/i18n.ts';
import { addToListsFailedMessage, addedToListsMessage } from '../model/add-to-list-messages.ts';

export interface AddToListDialogProps {
  buildingId: number;
  buildingName: string;
  /** The signed-in user: their lists are offered. */
  userHandle: string;
  /** After every chosen list took the building (or Cancel). */
  onDone: () => void;
}

/**
 * Product §2 and 5: the user's lists with checkboxes; lists already holding the building are
 * disabled and marked; at least one box must be checked. A new list can be made here.
 */
export function AddToListDialog({ buildingId, buildingName, userHandle, onDone }: AddToListDialogProps) {
  const lists = useUserLists(userHandle);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const add = useAddBuildingToLists();

  if (lists.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t(LIST_TEXTS.loadingLists)}</Text>
      </Group>
    );
  }
  if (lists.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="red" role="alert">
          {t(LIST_TEXTS.listsFailed)}
        </Text>
        <Button variant="light" size="xs" onClick={() => void lists.refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  }

  const all = lists.data;
  const options = addToListOptions(all, buildingId, selected);
  const showCreate = creating || all.length === 0;

  const onCreated = (list: List) => {
    setCreating(false);
    setSelected((current) => toggleListSelection(current, list, buildingId));
  };

  const submit = () => {
    const chosen = listsToAddTo(all, buildingId, selected);
    if (chosen.length === 0) return;
    add.mutate(
      { lists: chosen, buildingId },
      {
        onSuccess: ({ added, failed }) => {
          setSelected(new Set(failed.map((list) => list.id)));
          if (added.length > 0) {
            showToast({
              message: addedToListsMessage(
                buildingName,
                added.map((list) => list.name),
              ),
              type: 'success',
            });
          }
          if (failed.length > 0) {
            showToast({ message: addToListsFailedMessage(failed.map((list) => list.name)), type: 'error' });
          } else {
            onDone();
          }
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {all.length === 0 ? (
        <Text c="dimmed">{t(LIST_TEXTS.noListsYet)}</Text>
      ) : (
        <Stack gap="xs" role="group" aria-label={t('Your lists')}>
          {options.map((option) => (
            <Checkbox
              key={option.list.id}
              label={option.label}
              checked={option.checked}
              disabled={option.holdsBuilding || add.isPending}
              onChange={() => setSelected((current) => toggleListSelection(current, option.list, buildingId))}
            />
          ))}
        </Stack>
      )}
      {showCreate ? (
        <>
          <Divider label={t(LIST_TEXTS.newList)} labelPosition="left" />
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
            <CreateListForm
              onCreated={onCreated}
              onCancel={all.length > 0 ? () => setCreating(false) : undefined}
              autoFocus={creating}
              size="xs"
            />
          </Paper>
        </>
      ) : (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setCreating(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t(LIST_TEXTS.newList)}
        </Button>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={add.isPending}>
          {t('Cancel')}
        </Button>
        <Button
          onClick={submit}
          disabled={!canSubmitAddToList(all, buildingId, selected)}
          loading={add.isPending}
        >
          {t(LIST_TEXTS.submit)}
        </Button>
      </Group>
    </Stack>
  );
}
