import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { COMMENT_MAX_LENGTH, commentContentProblem } from '#domain/comments';
import { AutosizeTextarea } from '../../../components/autosize-textarea.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { t } from '../../../lib/i18n.ts';

export interface CommentFormProps {
  /** The textarea's accessible name. */
  label: string;
  placeholder?: string;
  submitLabel: string;
  initialValue?: string;
  /** Resolves whether the text was saved; on success a new-comment form empties. */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  /** Login gate (product §6): runs the action, or opens the auth modal. */
  requireLogin?: (action: () => void) => void;
  /** Shown under the box, e.g. 'Failed to add comment'. */
  error?: string | null;
  autoFocus?: boolean;
  /** Empty the box after a successful submit. */
  resetOnSuccess?: boolean;
  /** Refuse a submit that does not change `initialValue` (editing). */
  requireChange?: boolean;
}

/**
 * A comment, reply or edit box (product §2, 5): plain text, trimmed, 1 to 5,000 characters.
 * Ctrl/Cmd+Enter sends, Escape cancels.
 */
export function CommentForm({
  label,
  placeholder,
  submitLabel,
  initialValue = '',
  onSubmit,
  onCancel,
  requireLogin,
  error,
  autoFocus,
  resetOnSuccess,
  requireChange,
}: CommentFormProps) {
  const { isLoggedIn } = useAuth();
  const [value, setValue] = useState(initialValue);
  const [submitting, setSubmitting] = useState(false);
  const errorId = useId();
  const content = value.trim();
  const problem = commentContentProblem(content);
  const unchanged = requireChange === true && content === initialValue.trim();
  // A signed-out visitor may press the button to be offered the login (product §6).
  const canSubmit = !submitting && (!isLoggedIn || (problem === null && !unchanged));

  const send = async () => {
    setSubmitting(true);
    const saved = await onSubmit(content);
    setSubmitting(false);
    if (saved && resetOnSuccess) setValue('');
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit) return;
    const run = () => {
      if (problem === null && !unchanged) void send();
    };
    if (requireLogin) requireLogin(run);
    else run();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
    else if (event.key === 'Escape' && onCancel) {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <AutosizeTextarea
          aria-label={label}
          placeholder={placeholder}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          minRows={2}
          maxRows={10}
          maxLength={COMMENT_MAX_LENGTH}
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <Text id={errorId} role="alert" c="red" size="sm">
            {error}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel}>
              {t('Cancel')}
            </Button>
          )}
          <Button type="submit" size="xs" loading={submitting} disabled={!canSubmit}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
