import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { List, ListBuilding } from '#domain/lists';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { listExportHref } from '../../../lib/export/export-links.ts';
import { showToast } from '../../../lib/toast/toast.ts';
import { useDeleteList } from '../api/delete-list.ts';
import { useRemoveBuildingFromList } from '../api/remove-building-from-list.ts';
import { useSetListVisibility } from '../api/set-list-visibility.ts';
import {
  LIST_TEXTS,
  deleteListQuestion,
  removeBuildingQuestion,
  removedFromListMessage,
} from '../model/lists.ts';
import classes from './lists.module.css';
import { WalkingTourButton } from './walking-tour-button.tsx';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

interface ListCardProps {
  list: List;
  /** Product §6: only the profile owner manages lists. */
  isOwner: boolean;
}

/** One list and its buildings (links to their profiles); the owner's controls when isOwner. */
export function ListCard({ list, isOwner }: ListCardProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [removing, setRemoving] = useState<ListBuilding | null>(null);
  const visibility = useSetListVisibility();
  const remove = useDeleteList();
  const removeBuilding = useRemoveBuildingFromList();

  const onVisibilityChange = (isPublic: boolean) =>
    visibility.mutate(
      { listId: list.id, isPublic },
      {
        onError: (error) => {
          console.error(`Changing the visibility of list ${list.id} failed`, error);
          showToast({ message: LIST_TEXTS.visibilityFailed, type: 'error' });
        },
      },
    );

  const confirmDelete = () =>
    remove.mutate(list, {
      onSuccess: () => setConfirmingDelete(false),
      onError: (error) => {
        console.error(`Deleting list ${list.id} failed`, error);
        showToast({ message: LIST_TEXTS.deleteListFailed, type: 'error' });
      },
    });

  const confirmRemove = () => {
    if (!removing) return;
    const building = removing;
    removeBuilding.mutate(
      { listId: list.id, buildingId: building.id },
      {
        onSuccess: () => {
          setRemoving(null);
          showToast({ message: removedFromListMessage(building.name, list.name), type: 'success' });
        },
        onError: (error) => {
          console.error(`Removing building ${building.id} from list ${list.id} failed`, error);
          showToast({ message: LIST_TEXTS.removeFailed, type: 'error' });
        },
      },
    );
  };

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-label={t('List {name}', { name: list.name })}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" miw={0}>
            <Title order={3} size="h4" className={classes.name}>
              {list.name}
            </Title>
            {!isOwner && (
              <Badge variant="light" size="sm">
                {t('Public')}
              </Badge>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {list.buildings.length > 0 && <WalkingTourButton list={list} />}
            <ExportMenu
              ariaLabel={t('Export list {name}', { name: list.name })}
              groups={[{ href: (format) => listExportHref(format, list.id) }]}
            />
            {isOwner && (
              <>
                <Switch
                  label={t('Public')}
                  checked={list.is_public}
                  disabled={visibility.isPending}
                  onChange={(event) => onVisibilityChange(event.currentTarget.checked)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('Delete list {name}', { name: list.name })}
                  onClick={() => setConfirmingDelete(true)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </>
            )}
          </Group>
        </Group>
        {list.buildings.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t(LIST_TEXTS.emptyList)}
          </Text>
        ) : (
          <ul className={classes.buildings} aria-label={t('Buildings in {name}', { name: list.name })}>
            {list.buildings.map((building) => (
              <li key={building.id} className={classes.building}>
                <Anchor component={Link} to={pages.building.href({ id: building.id })}>
                  {building.name}
                </Anchor>
                {isOwner && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('Remove {building} from {list}', {
                      building: building.name,
                      list: list.name,
                    })}
                    onClick={() => setRemoving(building)}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                )}
              </li>
            ))}
          </ul>
        )}
      </Stack>
      {isOwner && (
        <>
          <ConfirmDialog
            opened={confirmingDelete}
            title={t('Delete list')}
            question={deleteListQuestion(list.name)}
            confirmLabel={t('Delete')}
            pending={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setConfirmingDelete(false)}
          />
          <ConfirmDialog
            opened={removing !== null}
            title={t('Remove building')}
            question={removing ? removeBuildingQuestion(removing.name, list.name) : ''}
            confirmLabel={t('Remove')}
            pending={removeBuilding.isPending}
            onConfirm={confirmRemove}
            onCancel={() => setRemoving(null)}
          />
        </>
      )}
    </Paper>
  );
}
