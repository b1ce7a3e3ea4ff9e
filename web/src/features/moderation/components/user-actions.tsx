import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_NOTE_MAX } from '#domain/moderation-terms';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { moderationKeys } from '../../../lib/query-keys.ts';
import { setUserRole, suspendUser, unsuspendUser } from '../api/moderation-api.ts';
import { suspendUntil } from '../model/queue-item.ts';

type UserAction =
  | { kind: 'suspend'; reason: string; until: string | null }
  | { kind: 'unsuspend' }
  | { kind: 'role'; role: 'moderator' | 'user' };

/** Why the form refuses to send (English; translated where shown). */
export const USER_ACTION_ERRORS = {
  noHandle: 'Please enter a handle.',
  noReason: 'Please give a reason for the suspension.',
  pastDate: 'The end date must be a day in the future.',
} as const;

/** What the screen says once an action is done, in the page's language. */
const DONE: Record<UserAction['kind'], (handle: string) => string> = {
  suspend: (handle) => t('{handle} is suspended.', { handle }),
  unsuspend: (handle) => t('{handle} is no longer suspended.', { handle }),
  role: (handle) => t("{handle}'s role has been changed.", { handle }),
};

function run(handle: string, action: UserAction): Promise<unknown> {
  switch (action.kind) {
    case 'suspend':
      return suspendUser(handle, action.reason, action.until);
    case 'unsuspend':
      return unsuspendUser(handle);
    case 'role':
      return setUserRole(handle, action.role);
  }
}

/**
 * Suspend or unsuspend a user by handle; admins also grant or withdraw the moderator role. The
 * form's error is kept in English and translated where shown.
 */
export function UserActions({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [handle, setHandle] = useState('');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (action: UserAction) => run(handle.trim(), action),
    onSuccess: (_data, action) => {
      if (action.kind === 'suspend') {
        setReason('');
        setUntil('');
      }
      void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });

  /** Checks the handle (and for a suspension the reason and date), then runs the action. */
  const submit = (action: UserAction | null) => {
    setFormError(null);
    if (!handle.trim()) return setFormError(USER_ACTION_ERRORS.noHandle);
    if (action) mutation.mutate(action);
  };

  const suspend = (event: FormEvent) => {
    event.preventDefault();
    if (!handle.trim()) return submit(null);
    if (!reason.trim()) return setFormError(USER_ACTION_ERRORS.noReason);
    const end = suspendUntil(until);
    if (!end.ok) return setFormError(USER_ACTION_ERRORS.pastDate);
    submit({ kind: 'suspend', reason: reason.trim(), until: end.until });
  };

  const answer = mutation.isError
    ? mutation.error instanceof ApiError && mutation.error.problem?.detail
      ? mutation.error.problem.detail
      : t('The action failed. Please try again.')
    : null;

  return (
    <Stack gap="md" maw={520}>
      <TextInput
        label={t('User handle')}
        value={handle}
        onChange={(e) => {
          setHandle(e.currentTarget.value);
          mutation.reset();
        }}
        autoComplete="off"
        required
      />
      <form noValidate onSubmit={suspend} aria-labelledby="suspend-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="suspend-heading">
            {t('Suspend')}
          </Title>
          <Textarea
            label={t('Reason')}
            required
            autosize
            minRows={2}
            maxLength={REPORT_NOTE_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('Until (optional)')}
            description={t('Without a date the suspension lasts until it is lifted.')}
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
          />
          <Group gap="sm">
            <Button
              type="submit"
              color="red"
              loading={mutation.isPending && mutation.variables.kind === 'suspend'}
            >
              {t('Suspend')}
            </Button>
            <Button
              variant="default"
              onClick={() => submit({ kind: 'unsuspend' })}
              loading={mutation.isPending && mutation.variables.kind === 'unsuspend'}
            >
              {t('Lift suspension')}
            </Button>
          </Group>
        </Stack>
      </form>
      {isAdmin && (
        <>
          <Divider />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('Moderator role')}
            </Title>
            <Group gap="sm">
              <Button variant="light" onClick={() => submit({ kind: 'role', role: 'moderator' })}>
                {t('Make moderator')}
              </Button>
              <Button variant="default" onClick={() => submit({ kind: 'role', role: 'user' })}>
                {t('Withdraw moderator')}
              </Button>
            </Group>
          </Stack>
        </>
      )}
      {(formError ?? answer) && (
        <Text role="alert" c="red" size="sm">
          {formError ? t(formError) : answer}
        </Text>
      )}
      {mutation.isSuccess && (
        <Text role="status" size="sm">
          {DONE[mutation.variables.kind](handle.trim())}
        </Text>
      )}
    </Stack>
  );
}
