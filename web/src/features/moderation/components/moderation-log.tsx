import { useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ModerationAction, ModerationLogEntry } from '#domain/moderation';
import { moderationLogQuery } from '../api/moderation-api.ts';

export const LOG_ACTION_LABELS: Record<ModerationAction, string> = {
  hide: 'hid',
  restore: 'restored',
  dismiss: 'dismissed reports of',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
  set_role: 'changed the role of',
  edit: 'edited',
  delete: 'deleted',
};

/** One line of the log: 'mo hid building 12'. */
export function logLine(entry: ModerationLogEntry): string {
  return `${entry.actor?.handle ?? 'Someone'} ${LOG_ACTION_LABELS[entry.action]} ${entry.target_type} ${entry.target_id}`;
}

/** The moderation log, newest first, a page at a time (who, when, what, target, note). */
export function ModerationLog() {
  const [page, setPage] = useState(1);
  const log = useQuery(moderationLogQuery(page));

  if (log.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Loading the log...</Text>
      </Group>
    );
  }
  if (log.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text role="alert" c="red">
          Error loading the moderation log
        </Text>
        <Button variant="default" size="xs" onClick={() => void log.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const { items, has_more } = log.data;
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Text c="dimmed">{page === 1 ? 'Nothing has been logged yet.' : 'No more entries.'}</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Moderation log">
          {items.map((entry) => {
            const at = new Date(entry.created_at);
            return (
              <li key={entry.id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <time dateTime={entry.created_at}>{at.toLocaleString()}</time> · {logLine(entry)}
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
      <Group gap="sm" aria-label="Log pages">
        <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          Newer
        </Button>
        <Text size="sm">Page {page}</Text>
        <Button
          variant="default"
          size="xs"
          disabled={!has_more || log.isPlaceholderData}
          onClick={() => setPage((p) => p + 1)}
        >
          Older
        </Button>
      </Group>
    </Stack>
  );
}
