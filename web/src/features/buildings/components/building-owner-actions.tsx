import { lazy, Suspense } from 'react';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { BuildingDetail } from '#domain/building-detail';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { useDeleteBuilding } from '../api/delete-building.ts';
import { t } from '../../../lib/i18n.ts';

// The modal loads at its first opening, and the form inside it then.
const EditBuildingModal = lazy(() =>
  import('./edit-building-modal.tsx').then((m) => ({ default: m.EditBuildingModal })),
);

interface BuildingOwnerActionsProps {
  building: BuildingDetail;
  /** After a delete: the app leaves the building's page. */
  onDeleted: () => void;
}

/** Product §2 and 6: Edit and Delete, shown to the user who added the building, and to moderators and admins. */
export function BuildingOwnerActions({ building, onDeleted }: BuildingOwnerActionsProps) {
  const [editing, edit] = useDisclosure(false);
  const [confirming, confirm] = useDisclosure(false);
  const remove = useDeleteBuilding(onDeleted);
  const editWanted = useOpenedOnce(editing);

  return (
    <>
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={edit.open}
        >
          {t('Edit')}
        </Button>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={confirm.open}
        >
          {t('Delete')}
        </Button>
      </Group>

      {editWanted && (
        <Suspense fallback={<DialogLoading />}>
          <EditBuildingModal building={building} opened={editing} onClose={edit.close} />
        </Suspense>
      )}

      <ConfirmDialog
        opened={confirming}
        title={t('Delete building')}
        question={t('Are you sure you want to delete this building?')}
        confirmLabel={t('Delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(building.id, {
            // Product §8: a failed delete is only logged.
            onError: (error) => console.error('Failed to delete building', error),
          })
        }
        onCancel={confirm.close}
      />
    </>
  );
}
