import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconEdit } from '@tabler/icons-react';
import type { BuildingDetail } from '#domain/building-detail';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { buildingKeys } from '../../../lib/query-keys.ts';
import type { RevisionDialog } from './revisions/revision-dialogs.tsx';
import { t } from '../../../lib/i18n.ts';

// The dialogs, with their calls and schemas, load at the first opening (the page's budget is tight).
const RevisionDialogs = lazy(() =>
  import('./revisions/revision-dialogs.tsx').then((m) => ({ default: m.RevisionDialogs })),
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
  const [open, setOpen] = useState<RevisionDialog | null>(null);
  const [loaded, setLoaded] = useState(false);
  const show = (dialog: RevisionDialog) => {
    setLoaded(true);
    setOpen(dialog);
  };
  // The count's call loads lazily, and only for reviewers.
  const pending = useQuery({
    queryKey: buildingKeys.suggestions(building.id, 'pending'),
    queryFn: async ({ signal }) =>
      (await import('../api/revisions.ts')).fetchPendingSuggestions(building.id, signal),
    enabled: canEdit,
  });
  const count = pending.data?.items.length ?? 0;

  return (
    <>
      <Button variant="light" size="xs" onClick={() => show('history')}>
        {t('History')}
      </Button>
      {canEdit && (
        <Button variant="light" size="xs" onClick={() => show('suggestions')}>
          {count > 0 ? t('Suggestions ({count} pending)', { count }) : t('Suggestions')}
        </Button>
      )}
      {signedIn && !canEdit && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={() => show('suggest')}
        >
          {t('Suggest an edit')}
        </Button>
      )}
      {loaded && (
        <Suspense fallback={<DialogLoading />}>
          <RevisionDialogs building={building} open={open} onClose={() => setOpen(null)} canEdit={canEdit} />
        </Suspense>
      )}
    </>
  );
}
