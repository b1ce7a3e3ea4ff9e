import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_SUCCESS_MS,
  FEEDBACK_TYPE_OPTIONS,
  feedbackBody,
  feedbackReducer,
  initialFeedbackState,
  validateFeedback,
  type FeedbackAction,
  type FeedbackState,
} from './feedback-form.ts';

const run = (actions: FeedbackAction[], from: FeedbackState = initialFeedbackState()) =>
  actions.reduce(feedbackReducer, from);
const filled = run([
  { type: 'edit', field: 'title', value: ' Map is slow ' },
  { type: 'edit', field: 'description', value: 'Zooming stutters.' },
]);
const context = { pageUrl: 'http://127.0.0.1:3000/buildings/4', browserInfo: 'Chromium | en-US | 1280x800' };

describe('feedback form (product §2, 3, 4, 5, 9)', () => {
  it('offers 5 types with general as the default, and prefills the email from the user', () => {
    expect(FEEDBACK_TYPE_OPTIONS.map((o) => o.value)).toEqual(['bug', 'feature', 'ui', 'general', 'other']);
    expect(initialFeedbackState().values).toEqual({ title: '', description: '', type: 'general', email: '' });
    expect(initialFeedbackState('ada@example.com').values.email).toBe('ada@example.com');
    expect(FEEDBACK_SUCCESS_MS).toBe(2000);
  });

  it("requires a title and a description: 'Title is required', 'Description is required'", () => {
    expect(validateFeedback(initialFeedbackState().values)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
    });
    expect(validateFeedback({ ...filled.values, description: '   ' })).toEqual({
      description: FEEDBACK_MESSAGES.descriptionRequired,
    });
    expect(validateFeedback(filled.values)).toEqual({});
  });

  it('a submit with errors stays on the form and shows them; editing a field clears its error only', () => {
    const invalid = run([{ type: 'submit' }]);
    expect(invalid.status).toBe('form');
    expect(invalid.errors).toEqual({ title: 'Title is required', description: 'Description is required' });
    const edited = run([{ type: 'edit', field: 'title', value: 'x' }], invalid);
    expect(edited.errors).toEqual({ description: 'Description is required' });
    expect(run([{ type: 'edit', field: 'email', value: 'a@b.c' }], invalid).errors).toEqual(invalid.errors);
  });

  it('goes form -> submitting -> success, and a reset empties it', () => {
    const submitting = run([{ type: 'submit' }], filled);
    expect(submitting.status).toBe('submitting');
    expect(run([{ type: 'submit' }], submitting)).toBe(submitting);
    const success = run([{ type: 'sent' }], submitting);
    expect(success.status).toBe('success');
    expect(run([{ type: 'reset', email: 'ada@example.com' }], success)).toEqual(
      initialFeedbackState('ada@example.com'),
    );
  });

  it('a failed send goes back to the form with the input kept', () => {
    const failed = run([{ type: 'submit' }, { type: 'failed' }], filled);
    expect(failed.status).toBe('form');
    expect(failed.sendFailed).toBe(true);
    expect(failed.values).toEqual(filled.values);
    expect(run([{ type: 'submit' }], failed)).toMatchObject({ status: 'submitting', sendFailed: false });
  });

  it('sends trimmed texts, the type, the page URL and browser info, and the email only when given', () => {
    expect(feedbackBody(filled.values, context)).toEqual({
      title: 'Map is slow',
      description: 'Zooming stutters.',
      type: 'general',
      page_url: context.pageUrl,
      browser_info: context.browserInfo,
    });
    const withEmail = run(
      [
        { type: 'edit', field: 'email', value: ' ada@example.com ' },
        { type: 'setType', value: 'bug' },
      ],
      filled,
    );
    expect(feedbackBody(withEmail.values, context)).toMatchObject({ type: 'bug', email: 'ada@example.com' });
  });
});
