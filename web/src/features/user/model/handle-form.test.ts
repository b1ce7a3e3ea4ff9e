import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import {
  canSaveHandle,
  handleChangeErrorText,
  handleFormReducer,
  initialHandleFormState,
  type HandleFormState,
} from './handle-form.ts';

const state = (patch: Partial<HandleFormState> = {}): HandleFormState => ({
  ...initialHandleFormState('ada'),
  ...patch,
});

describe('handle form transitions (product §4: idle, loading, success or error)', () => {
  it('starts idle, prefilled with the current handle', () => {
    expect(initialHandleFormState('ada')).toEqual({ value: 'ada', status: 'idle', error: null });
  });

  it('goes idle -> loading -> success with the saved handle', () => {
    const loading = handleFormReducer(state({ value: 'ada_l' }), { type: 'submitted' });
    expect(loading.status).toBe('loading');
    const done = handleFormReducer(loading, { type: 'succeeded', handle: 'ada_l' });
    expect(done).toEqual({ value: 'ada_l', status: 'success', error: null });
  });

  it('goes loading -> error with the message, keeping the typed value', () => {
    const loading = handleFormReducer(state({ value: 'taken' }), { type: 'submitted' });
    const failed = handleFormReducer(loading, {
      type: 'failed',
      error: 'The handle "taken" is already taken.',
    });
    expect(failed).toEqual({
      value: 'taken',
      status: 'error',
      error: 'The handle "taken" is already taken.',
    });
  });

  it('returns to idle and clears the error or success when the user types again', () => {
    expect(handleFormReducer(state({ status: 'error', error: 'x' }), { type: 'edited', value: 'b' })).toEqual(
      {
        value: 'b',
        status: 'idle',
        error: null,
      },
    );
    expect(handleFormReducer(state({ status: 'success' }), { type: 'edited', value: 'c' }).status).toBe(
      'idle',
    );
  });

  it('stays loading when typing during a save', () => {
    expect(handleFormReducer(state({ status: 'loading' }), { type: 'edited', value: 'x' }).status).toBe(
      'loading',
    );
  });

  it('clears a new submit of an earlier error', () => {
    expect(handleFormReducer(state({ status: 'error', error: 'x' }), { type: 'submitted' })).toEqual({
      value: 'ada',
      status: 'loading',
      error: null,
    });
  });
});

describe('Save disabled rule (product §5: disabled when invalid; also when unchanged or saving)', () => {
  it('allows a valid, changed handle', () => {
    expect(canSaveHandle(state({ value: 'ada_lovelace_1' }), 'ada')).toBe(true);
  });

  it.each(['Bad Name', 'UPPER', 'with-dash', 'space ', '', 'a'.repeat(31), 'atlas_1', 'adm1n'])(
    'refuses the invalid %j',
    (value) => {
      expect(canSaveHandle(state({ value }), 'ada')).toBe(false);
    },
  );

  it('refuses the unchanged handle', () => {
    expect(canSaveHandle(state({ value: 'ada' }), 'ada')).toBe(false);
  });

  it('refuses while a save is running', () => {
    expect(canSaveHandle(state({ value: 'ada_2', status: 'loading' }), 'ada')).toBe(false);
  });

  it('allows a retry after an error', () => {
    expect(canSaveHandle(state({ value: 'ada_2', status: 'error', error: 'x' }), 'ada')).toBe(true);
  });
});

describe('handle change error text (product §8)', () => {
  it("shows the server's problem detail", () => {
    const error = new ApiError(409, {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'The handle "bob" is already taken.',
    });
    expect(handleChangeErrorText(error)).toBe('The handle "bob" is already taken.');
  });

  it("falls back to 'Failed to update handle'", () => {
    expect(handleChangeErrorText(new ApiError(500, null))).toBe('Failed to update handle');
    expect(handleChangeErrorText(new TypeError('Failed to fetch'))).toBe('Failed to update handle');
  });
});
