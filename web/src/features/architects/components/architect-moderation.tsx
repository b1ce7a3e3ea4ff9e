/**
 * The moderators' actions on an architect page, loaded only for them: 'Edit name' (the one way an
 * architect's displayed name changes) and 'Merge into…' (pick the architect that stays, then
 * confirm; the page then moves to it, as the old address now redirects there).
 */
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ArchitectRef } from '#domain/architects';
import { pages } from '#domain/pages';
import { ApiError } from '../../../lib/api-client.ts';
import { buildingKeys, buildingsQueryKey } from '../../../lib/query-keys.ts';
import { t } from '../../../lib/i18n.ts';
import { getArchitectSuggestions } from '../api/get-architect.ts';
import { mergeArchitect, renameArchitect } from '../api/govern-architect.ts';

/** What the server said went wrong, or a general line. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && typeof error.problem?.detail === 'string'
    ? error.problem.detail
    : fallback;
}

export function ArchitectModeration({ architect }: { architect: ArchitectRef }) {
  const [dialog, setDialog] = useState<'rename' | 'merge' | null>(null);
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" onClick={() => setDialog('rename')}>
        {t('Edit name')}
      </Button>
      <Button variant="default" size="xs" onClick={() => setDialog('merge')}>
        {t('Merge into…')}
      </Button>
      {dialog === 'rename' && <RenameDialog architect={architect} onClose={() => setDialog(null)} />}
      {dialog === 'merge' && <MergeDialog architect={architect} onClose={() => setDialog(null)} />}
    </Group>
  );
}

function RenameDialog({ architect, onClose }: { architect: ArchitectRef; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(architect.name);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    renameArchitect(architect.id, name.trim()).then(
      async () => {
        // The name shows on the architect's page and on every building of theirs.
        await queryClient.invalidateQueries({ queryKey: buildingsQueryKey });
        onClose();
      },
      (e: unknown) => {
        setPending(false);
        setError(failureText(e, t('Failed to change the name')));
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t("Edit the architect's name")}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('Name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            required
            data-autofocus
          />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={name.trim() === ''}>
              {t('Save name')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MergeDialog({ architect, onClose }: { architect: ArchitectRef; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [target, setTarget] = useState<ArchitectRef | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const term = q.trim();
  const suggestions = useQuery({
    queryKey: [...buildingKeys.architectSuggestions(term), 'merge'] as const,
    queryFn: ({ signal }) => getArchitectSuggestions(term, signal),
    enabled: term.length > 0,
  });
  const choices = (suggestions.data?.items ?? []).filter((a) => a.id !== architect.id);

  const merge = () => {
    if (!target) return;
    setPending(true);
    setError(null);
    mergeArchitect(architect.id, target.id).then(
      async () => {
        await queryClient.invalidateQueries({ queryKey: buildingsQueryKey });
        onClose();
        void navigate(pages.architect.href({ id: target.id }), { replace: true });
      },
      (e: unknown) => {
        setPending(false);
        setConfirming(false);
        setError(failureText(e, t('Failed to merge the architects')));
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('Merge {name} into another architect', { name: architect.name })}
    >
      {confirming && target ? (
        <Stack gap="sm">
          <Text>
            {t(
              'Merge {name} into {target}? Every building of {name} moves to {target}, and this page will lead to theirs. This cannot be undone.',
              { name: architect.name, target: target.name },
            )}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={pending}>
              {t('Back')}
            </Button>
            <Button color="red" onClick={merge} loading={pending}>
              {t('Merge')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput
            label={t('Find the architect to keep')}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setTarget(null);
            }}
            data-autofocus
          />
          {term !== '' && suggestions.isSuccess && choices.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('No other architect matches.')}
            </Text>
          )}
          {choices.length > 0 && (
            <Radio.Group
              label={t('Architect to keep')}
              value={target ? String(target.id) : null}
              onChange={(value) => setTarget(choices.find((c) => String(c.id) === value) ?? null)}
            >
              <Stack gap="xs" mt="xs">
                {choices.map((c) => (
                  <Radio key={c.id} value={String(c.id)} label={c.name} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button onClick={() => setConfirming(true)} disabled={!target}>
              {t('Continue')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
