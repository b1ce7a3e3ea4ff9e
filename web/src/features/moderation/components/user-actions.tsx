import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_NOTE_MAX } from '#domain/moderation-terms';
import { ApiError } from '../../../lib/api-client.ts';
import { moderationKeys } from '../../../lib/query-keys.ts';
import { setUserRole, suspendUser, unsuspendUser } from '../api/moderation-api.ts';
import { suspendUntil } from '../model/queue-item.ts';

type UserAction =
  | { kind: 'suspend'; reason: string; until: string | null }
  | { kind: 'unsuspend' }
  | { kind: 'role'; role: 'moderator' | 'user' };

const DONE: Record<UserAction['kind'], (handle: string) => string> = {
  suspend: (h) => `${h} is suspended.`,
  unsuspend: (h) => `${h} is no longer suspended.`,
  role: (h) => `${h}'s role has been changed.`,
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

/** Suspend or unsuspend a user by handle; admins also grant or withdraw the moderator role. */
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
    if (!handle.trim()) return setFormError('Please enter a handle.');
    if (action) mutation.mutate(action);
  };

  const suspend = (event: FormEvent) => {
    event.preventDefault();
    if (!handle.trim()) return submit(null);
    if (!reason.trim()) return setFormError('Please give a reason for the suspension.');
    const end = suspendUntil(until);
    if (!end.ok) return setFormError('The end date must be a day in the future.');
    submit({ kind: 'suspend', reason: reason.trim(), until: end.until });
  };

  const answer = mutation.isError
    ? mutation.error instanceof ApiError && mutation.error.problem?.detail
      ? mutation.error.problem.detail
      : 'The action failed. Please try again.'
    : null;

  return (
    <Stack gap="md" maw={520}>
      <TextInput
        label="User handle"
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
            Suspend
          </Title>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={REPORT_NOTE_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Until (optional)"
            description="Without a date the suspension lasts until it is lifted."
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
          />
          <Group gap="sm">
            <Button
              type="submit"
              color="red"
              loading={mutation.isPending && mutation.variables.kind === 'suspend'}
            >
              Suspend
            </Button>
            <Button
              variant="default"
              onClick={() => submit({ kind: 'unsuspend' })}
              loading={mutation.isPending && mutation.variables.kind === 'unsuspend'}
            >
              Lift suspension
            </Button>
          </Group>
        </Stack>
      </form>
      {isAdmin && (
        <>
          <Divider />
          <Stack gap="sm">
            <Title order={2} size="h4">
              Moderator role
            </Title>
            <Group gap="sm">
              <Button variant="light" onClick={() => submit({ kind: 'role', role: 'moderator' })}>
                Make moderator
              </Button>
              <Button variant="default" onClick={() => submit({ kind: 'role', role: 'user' })}>
                Withdraw moderator
              </Button>
            </Group>
          </Stack>
        </>
      )}
      {(formError ?? answer) && (
        <Text role="alert" c="red" size="sm">
          {formError ?? answer}
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
