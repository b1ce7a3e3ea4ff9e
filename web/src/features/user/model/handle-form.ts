import { reservedLookAlike, SYSTEM_ACCOUNT_HANDLE } from '#domain/handle-rules';
import { chosenHandleProblem, HANDLE_HINT, HANDLE_MAX_LENGTH } from '#domain/users';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';

/** Product §4, handle form: idle, loading, success or error. */
export type HandleFormStatus = 'idle' | 'loading' | 'success' | 'error';

export interface HandleFormState {
  value: string;
  status: HandleFormStatus;
  /** The text shown in the error state. */
  error: string | null;
}

export type HandleFormAction =
  | { type: 'edited'; value: string }
  | { type: 'submitted' }
  | { type: 'succeeded'; handle: string }
  | { type: 'failed'; error: string };

export const HANDLE_UPDATED_TEXT = 'Handle updated!';
export const HANDLE_UPDATE_FAILED_TEXT = 'Failed to update handle';

/** The form starts idle, prefilled with the current handle. */
export function initialHandleFormState(handle: string): HandleFormState {
  return { value: handle, status: 'idle', error: null };
}

export function handleFormReducer(state: HandleFormState, action: HandleFormAction): HandleFormState {
  switch (action.type) {
    case 'edited':
      // Typing again leaves a finished success or error behind; a request in flight stays loading.
      return {
        value: action.value,
        status: state.status === 'loading' ? 'loading' : 'idle',
        error: null,
      };
    case 'submitted':
      return { ...state, status: 'loading', error: null };
    case 'succeeded':
      return { value: action.handle, status: 'success', error: null };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
  }
}

/** Product §5: Save is disabled while the value is invalid, unchanged, or a save is running. */
export function canSaveHandle(state: HandleFormState, currentHandle: string): boolean {
  return (
    state.status !== 'loading' && state.value !== currentHandle && chosenHandleProblem(state.value) === null
  );
}

/**
 * Why the typed handle cannot be chosen (chosenHandleProblem of domain/users.ts, whose English
 * texts these are), in the page's language; null when it can.
 */
export function handleProblemText(handle: string): string | null {
  const problem = chosenHandleProblem(handle);
  if (problem === null) return null;
  if (problem === HANDLE_HINT) return t(HANDLE_HINT);
  if (handle.length === 0) return t('Please enter a handle.');
  if (handle.length > HANDLE_MAX_LENGTH) {
    return t('A handle can have at most {max} characters.', { max: HANDLE_MAX_LENGTH });
  }
  const found = reservedLookAlike(handle);
  if (!found) return problem;
  const values = { handle, word: found.word, account: SYSTEM_ACCOUNT_HANDLE };
  if (found.kind === 'system') {
    return t(
      'The handle "{handle}" can\'t be used: it could be mistaken for the site\'s own account "{account}". Please choose another.',
      values,
    );
  }
  return found.kind === 'role'
    ? t(
        'The handle "{handle}" can\'t be used: it could be mistaken for the role "{word}". Please choose another.',
        values,
      )
    : t(
        'The handle "{handle}" can\'t be used: it could be mistaken for the reserved word "{word}". Please choose another.',
        values,
      );
}

/** Product §8: the server's error text, else 'Failed to update handle'. */
export function handleChangeErrorText(error: unknown): string {
  if (error instanceof ApiError && error.problem?.detail) return error.problem.detail;
  return HANDLE_UPDATE_FAILED_TEXT;
}
