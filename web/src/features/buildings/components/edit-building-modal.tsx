import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import type { BuildingDetail } from '#domain/building-detail';
import { t } from '../../../lib/i18n.ts';

// The form (its fields, rules and the architects box) loads when first opened.
const EditBuildingForm = lazy(() =>
  import('./edit-building-form.tsx').then((m) => ({ default: m.EditBuildingForm })),
);

/** The Edit building modal (loaded at its first opening: building-owner-actions.tsx). */
export function EditBuildingModal({
  building,
  opened,
  onClose,
  mode = 'edit',
}: {
  building: BuildingDetail;
  opened: boolean;
  onClose: () => void;
  /** 'suggest': the same form sends a suggestion instead of saving (building-community-actions.tsx). */
  mode?: 'edit' | 'suggest';
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'suggest' ? t('Suggest an edit') : t('Edit building')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      {/* Mounted only while open: every opening starts from the building as it is now. */}
      {opened && (
        <Suspense
          fallback={
            <Center mih={200}>
              <Loader size="sm" role="status" aria-label={t('Loading')} />
            </Center>
          }
        >
          <EditBuildingForm building={building} onSaved={onClose} onCancel={onClose} mode={mode} />
        </Suspense>
      )}
    </Modal>
  );
}
