import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ReportQueueItem, ReportStatus } from '#domain/moderation';
import { isHideable, REPORT_NOTE_MAX } from '#domain/moderation-terms';
import { LoadingLine } from '../../../components/query-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { buildingsQueryKey, moderationKeys } from '../../../lib/query-keys.ts';
import { reportQueueQuery, resolveReport, restoreTarget } from '../api/moderation-api.ts';
import { t } from '../../../lib/i18n.ts';
import { reasonsText, reportersText, targetHref, targetTypeLabel } from '../model/queue-item.ts';

/** The queue's states and failures (English; translated where shown). */
export const QUEUE_TEXTS = {
  emptyOpen: 'No open reports. Nothing to do.',
  emptyResolved: 'No resolved reports yet.',
  error: 'Error loading reports',
  failed: 'The action failed. Please try again.',
} as const;

type Action = 'hide' | 'dismiss' | 'restore';
type Resolution = { item: ReportQueueItem; action: Action };

/** The confirmation's title, in the page's language. */
function dialogTitle(action: Action): string {
  if (action === 'hide') return t('Hide this content?');
  return action === 'restore' ? t('Restore this content?') : t('Dismiss these reports?');
}

/** Hides or dismisses through the report; restores the target itself (its reports stay resolved). */
function perform({ item, action }: Resolution, note: string): Promise<unknown> {
  if (action === 'restore') {
    if (!isHideable(item.target_type)) throw new Error(`A ${item.target_type} cannot be restored`);
    return restoreTarget(item.target_type, item.target_id);
  }
  return resolveReport(item.id, action, note);
}

/** The reports of one status, one card per reported target; open ones can be hidden or dismissed. */
export function ReportQueue({ status }: { status: ReportStatus }) {
  const queue = useQuery(reportQueueQuery(status));
  const [resolving, setResolving] = useState<Resolution | null>(null);

  if (queue.isPending) return <LoadingLine>{t('Loading reports...')}</LoadingLine>;
  if (queue.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text role="alert" c="red">
          {queue.error instanceof ApiError && queue.error.problem?.detail
            ? queue.error.problem.detail
            : t(QUEUE_TEXTS.error)}
        </Text>
        <Button variant="default" size="xs" onClick={() => void queue.refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  }
  if (queue.data.items.length === 0) {
    return <Text c="dimmed">{t(status === 'open' ? QUEUE_TEXTS.emptyOpen : QUEUE_TEXTS.emptyResolved)}</Text>;
  }
  return (
    <>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('Reports')}>
        {queue.data.items.map((item) => (
          <li key={item.id}>
            <QueueCard item={item} onResolve={(action) => setResolving({ item, action })} />
          </li>
        ))}
      </Stack>
      <ResolveDialog resolution={resolving} onClose={() => setResolving(null)} />
    </>
  );
}

function QueueCard({ item, onResolve }: { item: ReportQueueItem; onResolve: (action: Action) => void }) {
  const href = targetHref(item);
  const type = targetTypeLabel(item.target_type);
  const title = item.target?.title ?? t('{type} {id} (gone)', { type, id: item.target_id });
  const name = t('{type}: {title}', { type, title });
  return (
    <Card withBorder padding="sm" component="article" aria-label={name}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{type}</Badge>
          {item.target?.hidden && (
            <Badge variant="light" color="orange">
              {t('Hidden')}
            </Badge>
          )}
          {item.resolution && (
            <Badge variant="outline" color="gray">
              {item.resolution === 'hidden' ? t('Hidden') : t('Dismissed')}
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {reportersText(item.reporters_count)}
          </Text>
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {href ? (
            <Anchor component={Link} to={href} underline="always">
              {title}
            </Anchor>
          ) : (
            title
          )}
        </Text>
        {item.target?.owner && (
          <Text size="sm" c="dimmed">
            {t('By {handle}', { handle: item.target.owner.handle })}
          </Text>
        )}
        {item.target?.excerpt && (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {item.target.excerpt}
          </Text>
        )}
        <Text size="sm">
          <Text span fw={500}>
            {t('Reasons:')}
          </Text>{' '}
          {reasonsText(item)}
        </Text>
        {item.notes.length > 0 && (
          <Stack component="ul" gap={2} pl="md" m={0} aria-label={t("Reporters' notes")}>
            {item.notes.map((note, i) => (
              <Text component="li" size="sm" key={i} style={{ overflowWrap: 'anywhere' }}>
                {note}
              </Text>
            ))}
          </Stack>
        )}
        {item.resolution !== null && isHideable(item.target_type) && item.target?.hidden && (
          <Group gap="xs" mt={4}>
            <Button
              size="xs"
              variant="default"
              onClick={() => onResolve('restore')}
              aria-label={t('Restore {name}', { name })}
            >
              {t('Restore')}
            </Button>
          </Group>
        )}
        {item.resolution === null && (
          <Group gap="xs" mt={4}>
            {isHideable(item.target_type) && item.target && !item.target.hidden && (
              <Button
                size="xs"
                color="red"
                onClick={() => onResolve('hide')}
                aria-label={t('Hide {name}', { name })}
              >
                {t('Hide')}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              onClick={() => onResolve('dismiss')}
              aria-label={t('Dismiss reports of {name}', { name })}
            >
              {t('Dismiss')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Asks before hiding or dismissing, with an optional note for the log. */
function ResolveDialog({ resolution, onClose }: { resolution: Resolution | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const mutation = useMutation({
    mutationFn: (r: Resolution) => perform(r, note.trim()),
    onSuccess: async (_data, r) => {
      close();
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all });
      // A hidden (or restored) building leaves (or rejoins) the map, lists and cards: the cache is stale.
      if (r.action !== 'dismiss') await queryClient.invalidateQueries({ queryKey: buildingsQueryKey });
    },
  });
  const close = () => {
    setNote('');
    mutation.reset();
    onClose();
  };
  const action = resolution?.action ?? 'dismiss';
  const hide = action === 'hide';
  const what = resolution?.item.target?.title ?? t('this target');
  const explanation: Record<Action, string> = {
    hide: t(
      '“{what}” will be hidden from everyone but its owner and the moderators. It can be restored later.',
      {
        what,
      },
    ),
    dismiss: t('The reports of “{what}” will be closed and nothing will change.', { what }),
    restore: t('“{what}” will be shown to everyone again.', { what }),
  };
  return (
    <Modal
      opened={resolution !== null}
      onClose={mutation.isPending ? () => {} : close}
      title={dialogTitle(action)}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{explanation[action]}</Text>
        {action !== 'restore' && (
          <Textarea
            label={t('Note for the log (optional)')}
            autosize
            minRows={2}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        )}
        {mutation.isError && (
          <Text size="sm" c="red" role="alert">
            {mutation.error instanceof ApiError && mutation.error.problem?.detail
              ? mutation.error.problem.detail
              : t(QUEUE_TEXTS.failed)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            {t('Cancel')}
          </Button>
          <Button
            color={hide ? 'red' : undefined}
            loading={mutation.isPending}
            onClick={() => resolution && mutation.mutate(resolution)}
          >
            {hide ? t('Hide') : action === 'restore' ? t('Restore') : t('Dismiss')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
