import { lazy, Suspense } from 'react';
import type { BuildingDetail } from '#domain/building-detail';
import { DialogLoading } from '../../../../components/dialog-loading.tsx';
import { HistoryModal } from './history-modal.tsx';
import { SuggestionsModal } from './suggestions-modal.tsx';

// The form (its fields, rules and the architects box) loads when Suggest an edit is first opened.
const EditBuildingModal = lazy(() =>
  import('../edit-building-modal.tsx').then((m) => ({ default: m.EditBuildingModal })),
);

export type RevisionDialog = 'history' | 'suggestions' | 'suggest';

interface RevisionDialogsProps {
  building: BuildingDetail;
  /** The open dialog, or null (they stay mounted for their closing animation). */
  open: RevisionDialog | null;
  onClose: () => void;
  canEdit: boolean;
}

/**
 * The building's History, Suggestions and Suggest an edit dialogs, loaded together at the first
 * opening of any of them (building-community-actions.tsx), so the building page downloads none.
 */
export function RevisionDialogs({ building, open, onClose, canEdit }: RevisionDialogsProps) {
  // Each dialog loads its content only while open; the edit form only for those who suggest.
  return (
    <>
      <HistoryModal
        buildingId={building.id}
        opened={open === 'history'}
        onClose={onClose}
        canRevert={canEdit}
      />
      {canEdit && (
        <SuggestionsModal buildingId={building.id} opened={open === 'suggestions'} onClose={onClose} />
      )}
      {!canEdit && (
        <Suspense fallback={<DialogLoading />}>
          <EditBuildingModal
            building={building}
            opened={open === 'suggest'}
            onClose={onClose}
            mode="suggest"
          />
        </Suspense>
      )}
    </>
  );
}
