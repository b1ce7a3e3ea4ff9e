import { useReducer, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { chosenHandleProblem, HANDLE_HINT } from '#domain/users';
import { useChangeHandle } from '../api/change-handle.ts';
import {
  HANDLE_UPDATED_TEXT,
  canSaveHandle,
  handleChangeErrorText,
  handleFormReducer,
  handleProblemText,
  initialHandleFormState,
} from '../model/handle-form.ts';
import { t } from '../../../lib/i18n.ts';

interface HandleFormProps {
  currentHandle: string;
  /** Called with the saved handle, e.g. to move the URL to it. */
  onChanged: (handle: string) => void;
}

/** Product §2, 4 and 5: 'Change Username': prefilled, hint, Save disabled when invalid or unchanged. */
export function HandleForm({ currentHandle, onChanged }: HandleFormProps) {
  const [state, dispatch] = useReducer(handleFormReducer, currentHandle, initialHandleFormState);
  const changeHandle = useChangeHandle();
  const problem = chosenHandleProblem(state.value);
  const canSave = canSaveHandle(state, currentHandle);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    dispatch({ type: 'submitted' });
    changeHandle.mutate(
      { currentHandle, newHandle: state.value },
      {
        onSuccess: (handle) => {
          dispatch({ type: 'succeeded', handle });
          onChanged(handle);
        },
        onError: (error) => dispatch({ type: 'failed', error: handleChangeErrorText(error) }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <TextInput
          label={t('Handle')}
          description={t(HANDLE_HINT)}
          value={state.value}
          onChange={(event) => dispatch({ type: 'edited', value: event.currentTarget.value })}
          // The hint already says what is wrong with most values; only other problems get a text.
          error={
            problem === null ? undefined : problem === HANDLE_HINT ? true : handleProblemText(state.value)
          }
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Group>
          <Button type="submit" disabled={!canSave} loading={state.status === 'loading'}>
            {t('Save')}
          </Button>
        </Group>
        {state.status === 'success' && (
          <Text c="teal" role="status">
            {t(HANDLE_UPDATED_TEXT)}
          </Text>
        )}
        {state.status === 'error' && (
          <Text c="red" role="alert">
            {t(state.error ?? '')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
