import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BuildingSuggestion } from '#domain/revisions';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { QueryWait } from '../../../../components/query-state.tsx';
import { timeAgo } from '../../../../lib/relative-time.ts';
import { showToast } from '../../../../lib/toast/toast.ts';
import { pendingSuggestionsQuery, useReviewSuggestion } from '../../api/revisions.ts';
import { FieldChanges } from './field-changes.tsx';
import { problemText } from './problem-text.ts';
import { t } from '../../../../lib/i18n.ts';
import { SLOT, withSlot } from '../../../../lib/i18n-slot.tsx';

type Decision = 'accept' | 'reject';

interface SuggestionsModalProps {
  buildingId: number;
  opened: boolean;
  onClose: () => void;
}

/** The pending suggestions of a building as a readable diff, each with Accept and Reject (owner and moderators). */
export function SuggestionsModal({ buildingId, opened, onClose }: SuggestionsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('Suggested edits')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      {opened && <PendingSuggestions buildingId={buildingId} />}
    </Modal>
  );
}

function PendingSuggestions({ buildingId }: { buildingId: number }) {
  const pending = useQuery(pendingSuggestionsQuery(buildingId));
  const review = useReviewSuggestion();
  const [confirming, setConfirming] = useState<{ suggestion: BuildingSuggestion; decision: Decision } | null>(
    null,
  );

  if (!pending.isSuccess) {
    return (
      <QueryWait
        failed={pending.isError}
        loading={t('Loading suggestions...')}
        error={t('Error loading suggestions')}
      />
    );
  }
  const { items } = pending.data;

  return (
    <Stack gap="sm">
      {review.isError && (
        <Alert color="red" role="alert" title={t('Could not review the suggestion')}>
          {problemText(review.error, t('Failed to review the suggestion'))}
        </Alert>
      )}
      {items.length === 0 ? (
        <Text>{t('No pending suggestions.')}</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('Pending suggestions')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {items.map((suggestion) => (
            <Paper key={suggestion.id} component="li" withBorder p="sm" radius="sm" data-testid="suggestion">
              <Stack gap={6}>
                <Text size="sm">
                  {withSlot(
                    t('Suggested by {author}', { author: SLOT }),
                    <strong>{suggestion.author?.handle ?? t('a deleted account')}</strong>,
                  )}{' '}
                  <time dateTime={suggestion.created_at}>{timeAgo(suggestion.created_at)}</time>
                </Text>
                <FieldChanges changes={suggestion.changes} />
                {suggestion.note && (
                  <Text size="sm" fs="italic">
                    {t('“{note}”', { note: suggestion.note })}
                  </Text>
                )}
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setConfirming({ suggestion, decision: 'reject' })}
                    aria-label={t('Reject the suggestion by {author}', {
                      author: suggestion.author?.handle ?? t('a deleted account'),
                    })}
                  >
                    {t('Reject')}
                  </Button>
                  <Button
                    size="xs"
                    onClick={() => setConfirming({ suggestion, decision: 'accept' })}
                    aria-label={t('Accept the suggestion by {author}', {
                      author: suggestion.author?.handle ?? t('a deleted account'),
                    })}
                  >
                    {t('Accept')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming?.decision === 'reject' ? t('Reject suggestion') : t('Accept suggestion')}
        question={
          confirming?.decision === 'reject'
            ? t('Reject this suggestion? The building stays as it is.')
            : t('Accept this suggestion? Its changes are applied to the building.')
        }
        confirmLabel={confirming?.decision === 'reject' ? t('Reject') : t('Accept')}
        pending={review.isPending}
        onConfirm={() => {
          if (!confirming) return;
          const { suggestion, decision } = confirming;
          review.mutate(
            { id: buildingId, sid: suggestion.id, decision },
            {
              onSuccess: () => {
                setConfirming(null);
                showToast({
                  message: decision === 'accept' ? t('Suggestion accepted.') : t('Suggestion rejected.'),
                  type: 'success',
                });
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
