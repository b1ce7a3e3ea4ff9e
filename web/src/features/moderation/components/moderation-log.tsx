import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ModerationAction, ModerationLogEntry } from '#domain/moderation';
import { currentLanguage, t } from '../../../lib/i18n.ts';
import { LoadingLine } from '../../../components/query-state.tsx';
import { moderationLogQuery } from '../api/moderation-api.ts';

/** Each action's line in the log (English; translated where shown): 'mo hid building 12'. */
export const LOG_LINES: Record<ModerationAction, string> = {
  hide: '{actor} hid {target}',
  restore: '{actor} restored {target}',
  dismiss: '{actor} dismissed reports of {target}',
  suspend: '{actor} suspended {target}',
  unsuspend: '{actor} lifted the suspension of {target}',
  set_role: '{actor} changed the role of {target}',
  delete_account: '{actor} deleted the account of {target}',
  edit: '{actor} edited {target}',
  delete: '{actor} deleted {target}',
  rename: '{actor} renamed {target}',
  merge: '{actor} merged {target}',
};

/** The log's target, 'building 12': its type in the page's language (a type it does not know as the API names it). */
function targetText(type: string, id: number): string {
  const types: Record<string, string> = {
    building: t('building'),
    image: t('image'),
    comment: t('comment'),
    user: t('user'),
    architect: t('architect'),
  };
  return t('{type} {id}', { type: types[type] ?? type, id });
}

/** One line of the log in the page's language: 'mo hid building 12'. Call while rendering. */
export function logLine(entry: ModerationLogEntry): string {
  return t(LOG_LINES[entry.action], {
    actor: entry.actor?.handle ?? t('Someone'),
    target: targetText(entry.target_type, entry.target_id),
  });
}

/** The moderation log, newest first, a page at a time (who, when, what, target, note). */
export function ModerationLog() {
  const [page, setPage] = useState(1);
  const log = useQuery(moderationLogQuery(page));

  if (log.isPending) return <LoadingLine>{t('Loading the log...')}</LoadingLine>;
  if (log.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text role="alert" c="red">
          {t('Error loading the moderation log')}
        </Text>
        <Button variant="default" size="xs" onClick={() => void log.refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  }
  const { items, has_more } = log.data;
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Text c="dimmed">{page === 1 ? t('Nothing has been logged yet.') : t('No more entries.')}</Text>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('Moderation log')}
        >
          {items.map((entry) => {
            const at = new Date(entry.created_at);
            return (
              <li key={entry.id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <time dateTime={entry.created_at}>{at.toLocaleString(currentLanguage())}</time> ·{' '}
                  {logLine(entry)}
                </Text>
                {entry.note && (
                  <Text size="sm" c="dimmed" pl="md" style={{ overflowWrap: 'anywhere' }}>
                    {entry.note}
                  </Text>
                )}
              </li>
            );
          })}
        </Stack>
      )}
      <Group gap="sm" aria-label={t('Log pages')}>
        <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          {t('Newer')}
        </Button>
        <Text size="sm">{t('Page {page}', { page })}</Text>
        <Button
          variant="default"
          size="xs"
          disabled={!has_more || log.isPlaceholderData}
          onClick={() => setPage((p) => p + 1)}
        >
          {t('Older')}
        </Button>
      </Group>
    </Stack>
  );
}
