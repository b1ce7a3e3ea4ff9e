import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { LIST_NAME_MAX, type List } from '#domain/lists';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateList } from '../api/create-list.ts';
import { LIST_TEXTS } from '../model/lists.ts';
import { t } from '../../../lib/i18n.ts';

interface CreateListFormProps {
  onCreated: (list: List) => void;
  onCancel?: () => void;
  /** Focus the name field when shown (the form opens on demand). */
  autoFocus?: boolean;
  /** Button size: 'xs' inside the Add to List dialog, beside its own buttons. */
  size?: 'xs' | 'sm';
}

/** Product §2 and 3: a new list's name and public flag (private unless ticked). */
export function CreateListForm({ onCreated, onCancel, autoFocus = false, size = 'sm' }: CreateListFormProps) {
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const create = useCreateList();
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || create.isPending) return;
    create.mutate(
      { name: trimmed, is_public: isPublic },
      {
        onSuccess: (list) => {
          setName('');
          setIsPublic(false);
          onCreated(list);
        },
        onError: (error) => console.error('Creating a list failed', error),
      },
    );
  };

  const errorText =
    create.error instanceof ApiError && create.error.problem?.detail
      ? create.error.problem.detail
      : create.error
        ? t(LIST_TEXTS.createListFailed)
        : null;

  return (
    <form onSubmit={submit} aria-label={t('Create a list')}>
      <Stack gap="sm">
        <TextInput
          label={t('List name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={LIST_NAME_MAX}
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
        />
        <Checkbox
          label={t('Public (anyone can see this list)')}
          checked={isPublic}
          onChange={(event) => setIsPublic(event.currentTarget.checked)}
        />
        {errorText && (
          <Text c="red" size="sm" role="alert">
            {errorText}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" size={size} onClick={onCancel} disabled={create.isPending}>
              {t('Cancel')}
            </Button>
          )}
          <Button type="submit" size={size} disabled={!trimmed} loading={create.isPending}>
            {t(LIST_TEXTS.createList)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
