import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REVISION_KIND_LABELS } from '#domain/revision-terms';
import type { BuildingRevision } from '#domain/revisions';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { QueryWait } from '../../../../components/query-state.tsx';
import { timeAgo } from '../../../../lib/relative-time.ts';
import { showToast } from '../../../../lib/toast/toast.ts';
import { revisionsQuery, useRevert } from '../../api/revisions.ts';
import { FieldChanges } from './field-changes.tsx';
import { problemText } from './problem-text.ts';
import { currentLanguage, t } from '../../../../lib/i18n.ts';
import { SLOT, withSlot } from '../../../../lib/i18n-slot.tsx';

interface HistoryModalProps {
  buildingId: number;
  opened: boolean;
  onClose: () => void;
  /** The owner and moderators may revert. */
  canRevert: boolean;
}

/** The building's History: every change (who, when, field from → to), newest first, with Revert for reviewers. */
export function HistoryModal({ buildingId, opened, onClose, canRevert }: HistoryModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('History')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      {opened && <HistoryList buildingId={buildingId} canRevert={canRevert} />}
    </Modal>
  );
}

function HistoryList({ buildingId, canRevert }: { buildingId: number; canRevert: boolean }) {
  const [page, setPage] = useState(1);
  const history = useQuery(revisionsQuery(buildingId, page));
  const revert = useRevert();
  const [confirming, setConfirming] = useState<BuildingRevision | null>(null);

  if (!history.isSuccess) {
    return (
      <QueryWait
        failed={history.isError}
        loading={t('Loading history...')}
        error={t('Error loading history')}
      />
    );
  }
  const { items, has_more } = history.data;
  if (items.length === 0) return <Text>{t('No changes recorded yet.')}</Text>;

  return (
    <Stack gap="sm">
      {revert.isError && (
        <Alert color="red" role="alert" title={t('Could not revert')}>
          {problemText(revert.error, t('Failed to revert the building'))}
        </Alert>
      )}
      <Stack
        gap="sm"
        component="ol"
        aria-label={t('Changes, newest first')}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {items.map((revision, i) => (
          <Paper key={revision.id} component="li" withBorder p="sm" radius="sm" data-testid="revision">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={4}>
                <Group gap="xs">
                  <Badge variant="light" size="sm">
                    {t(REVISION_KIND_LABELS[revision.kind])}
                  </Badge>
                  <Text size="sm">
                    {withSlot(
                      t('by {author}', { author: SLOT }),
                      <strong>{revision.author?.handle ?? t('a deleted account')}</strong>,
                    )}{' '}
                    <time
                      dateTime={revision.created_at}
                      title={new Date(revision.created_at).toLocaleString(currentLanguage())}
                    >
                      {timeAgo(revision.created_at)}
                    </time>
                  </Text>
                </Group>
                <FieldChanges changes={revision.changes} />
              </Stack>
              {/* The newest change is the building as it is: nothing to restore. */}
              {canRevert && !(page === 1 && i === 0) && (
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => setConfirming(revision)}
                  aria-label={t('Revert to this change by {author}', {
                    author: revision.author?.handle ?? t('a deleted account'),
                  })}
                >
                  {t('Revert')}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="space-between">
        <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          {t('Newer')}
        </Button>
        <Button variant="default" size="xs" disabled={!has_more} onClick={() => setPage((p) => p + 1)}>
          {t('Older')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('Revert building')}
        question={t('Restore the building as it was right after this change? This is saved as a new change.')}
        confirmLabel={t('Revert')}
        pending={revert.isPending}
        onConfirm={() => {
          if (!confirming) return;
          revert.mutate(
            { id: buildingId, rid: confirming.id },
            {
              onSuccess: () => {
                setConfirming(null);
                setPage(1);
                showToast({ message: t('The building was restored.'), type: 'success' });
              },
              onError: () => setConfirming(null),
            },
          );
        }}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
