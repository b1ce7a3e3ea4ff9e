import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SuggestionStatus } from '#domain/revision-terms';
import { pages } from '#domain/pages';
import { timeAgo } from '../../../../lib/relative-time.ts';
import { mySuggestionsQuery } from '../../api/revisions.ts';
import { FieldChanges } from './field-changes.tsx';
import { t } from '../../../../lib/i18n.ts';
import { SLOT, withSlot } from '../../../../lib/i18n-slot.tsx';

// Filled with the darkest shades: white text on them passes WCAG AA (4.5:1) in both schemes, where
// the light variant's teal text did not.
const STATUS_COLORS: Record<SuggestionStatus, string> = {
  pending: 'gray.7',
  accepted: 'teal.9',
  rejected: 'red.9',
};

/** The status badge's word, in the page's language. */
const statusLabel = (status: SuggestionStatus): string =>
  status === 'pending' ? t('Pending') : status === 'accepted' ? t('Accepted') : t('Rejected');

/** 'My suggestions' on the user's own page: each suggested edit, its building and its outcome. */
export function MySuggestions({ handle }: { handle: string }) {
  const [page, setPage] = useState(1);
  const mine = useQuery(mySuggestionsQuery(handle, page));

  return (
    <Stack gap="sm" component="section" aria-labelledby="my-suggestions-title">
      <Title order={2} size="h3" id="my-suggestions-title">
        {t('My suggestions')}
      </Title>
      {mine.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('Loading suggestions...')}</Text>
        </Group>
      ) : mine.isError ? (
        <Text role="alert" c="red">
          {t('Error loading suggestions')}
        </Text>
      ) : mine.data.items.length === 0 ? (
        <Text c="dimmed">
          {t("No suggestions yet. Use 'Suggest an edit' on a building page to improve it.")}
        </Text>
      ) : (
        <>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {mine.data.items.map((s) => (
              <Paper key={s.id} component="li" withBorder p="sm" radius="sm" data-testid="my-suggestion">
                <Stack gap={6}>
                  <Group gap="xs" justify="space-between">
                    <Anchor component={Link} to={pages.building.href({ id: s.building.id })}>
                      {s.building.name}
                    </Anchor>
                    <Badge color={STATUS_COLORS[s.status]} variant="filled">
                      {statusLabel(s.status)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {withSlot(
                      t('Suggested {time}', { time: SLOT }),
                      <time dateTime={s.created_at}>{timeAgo(s.created_at)}</time>,
                    )}
                    {s.reviewed_at && s.reviewed_by && (
                      <>
                        {' · '}
                        {withSlot(
                          s.status === 'rejected'
                            ? t('rejected by {reviewer} {time}', {
                                reviewer: s.reviewed_by.handle,
                                time: SLOT,
                              })
                            : t('accepted by {reviewer} {time}', {
                                reviewer: s.reviewed_by.handle,
                                time: SLOT,
                              }),
                          <time dateTime={s.reviewed_at}>{timeAgo(s.reviewed_at)}</time>,
                        )}
                      </>
                    )}
                  </Text>
                  <FieldChanges changes={s.changes} />
                </Stack>
              </Paper>
            ))}
          </Stack>
          {(page > 1 || mine.data.has_more) && (
            <Group justify="space-between">
              <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                {t('Newer')}
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={!mine.data.has_more}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('Older')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
