import { lazy, Suspense } from 'react';
import { Button, Center, Group, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { BuildingDetail } from '#domain/buildings';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteBuilding } from '../api/delete-building.ts';

// The form (its fields, rules and the architects box) loads when first opened (issue 16).
const EditBuildingForm = lazy(() =>
  import('./edit-building-form.tsx').then((m) => ({ default: m.EditBuildingForm })),
);

export const DELETE_BUILDING_QUESTION = 'Are you sure you want to delete this building?';

interface BuildingOwnerActionsProps {
  building: BuildingDetail;
  /** After a delete: the app leaves the building's page. */
  onDeleted: () => void;
}

/** Product §2 and 6: Edit and Delete, shown only to the user who added the building. */
export function BuildingOwnerActions({ building, onDeleted }: BuildingOwnerActionsProps) {
  const [editing, edit] = useDisclosure(false);
  const [confirming, confirm] = useDisclosure(false);
  const remove = useDeleteBuilding(onDeleted);

  return (
    <>
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={edit.open}
        >
          Edit
        </Button>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={confirm.open}
        >
          Delete
        </Button>
      </Group>

      <Modal
        opened={editing}
        onClose={edit.close}
        title="Edit building"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {/* Mounted only while open: every opening starts from the building as it is now. */}
        {editing && (
          <Suspense
            fallback={
              <Center mih={200}>
                <Loader size="sm" aria-label="Loading" />
              </Center>
            }
          >
            <EditBuildingForm building={building} onSaved={edit.close} onCancel={edit.close} />
          </Suspense>
        )}
      </Modal>

      <ConfirmDialog
        opened={confirming}
        title="Delete building"
        question={DELETE_BUILDING_QUESTION}
        confirmLabel="Delete"
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
