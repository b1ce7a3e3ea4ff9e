import { lazy, Suspense } from 'react';
import { Badge, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconEdit, IconHistory, IconMessage2 } from '@tabler/icons-react';
import type { BuildingDetail } from '#domain/building-detail';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { revisionKeys } from '../api/revision-keys.ts';

// Each dialog, with its calls and schemas, loads at its first opening (the page's budget is tight).
const HistoryModal = lazy(() =>
  import('./revisions/history-modal.tsx').then((m) => ({ default: m.HistoryModal })),
);
const SuggestionsModal = lazy(() =>
  import('./revisions/suggestions-modal.tsx').then((m) => ({ default: m.SuggestionsModal })),
);
const EditBuildingModal = lazy(() =>
  import('./edit-building-modal.tsx').then((m) => ({ default: m.EditBuildingModal })),
);

interface BuildingCommunityActionsProps {
  building: BuildingDetail;
  signedIn: boolean;
  /** The owner and moderators: they edit, review suggestions and revert; others suggest. */
  canEdit: boolean;
}

/**
 * History (everyone), Suggestions with the pending count (owner and moderators), and Suggest an
 * edit (signed-in users who cannot edit the building), each opening its dialog.
 */
export function BuildingCommunityActions({ building, signedIn, canEdit }: BuildingCommunityActionsProps) {
  const [historyOpen, history] = useDisclosure(false);
  const [reviewOpen, review] = useDisclosure(false);
  const [suggestOpen, suggest] = useDisclosure(false);
  const historyWanted = useOpenedOnce(historyOpen);
  const reviewWanted = useOpenedOnce(reviewOpen);
  const suggestWanted = useOpenedOnce(suggestOpen);
  // The count loads its call lazily, and only for reviewers.
  const pending = useQuery({
    queryKey: revisionKeys.suggestions(building.id, 'pending'),
    queryFn: async ({ signal }) =>
      (await import('../api/revisions.ts')).fetchPendingSuggestions(building.id, signal),
    enabled: canEdit,
  });
  const count = pending.data?.items.length ?? 0;

  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={history.open}
      >
        History
      </Button>
      {canEdit && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconMessage2 size={16} aria-hidden />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle aria-hidden>
                {count}
              </Badge>
            ) : undefined
          }
          aria-label={count > 0 ? `Suggestions (${count} pending)` : 'Suggestions'}
          onClick={review.open}
        >
          Suggestions
        </Button>
      )}
      {signedIn && !canEdit && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={suggest.open}
        >
          Suggest an edit
        </Button>
      )}

      {historyWanted && (
        <Suspense fallback={<DialogLoading />}>
          <HistoryModal
            buildingId={building.id}
            opened={historyOpen}
            onClose={history.close}
            canRevert={canEdit}
          />
        </Suspense>
      )}
      {reviewWanted && (
        <Suspense fallback={<DialogLoading />}>
          <SuggestionsModal buildingId={building.id} opened={reviewOpen} onClose={review.close} />
        </Suspense>
      )}
      {suggestWanted && (
        <Suspense fallback={<DialogLoading />}>
          <EditBuildingModal
            building={building}
            opened={suggestOpen}
            onClose={suggest.close}
            mode="suggest"
          />
        </Suspense>
      )}
    </>
  );
}
