import {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_BROWSER_INFO_MAX,
  FEEDBACK_PAGE_URL_MAX,
  type FeedbackInput,
  type FeedbackType,
} from '#domain/feedback';

/** Product §2: the type selector's choices (general is the default). */
export const FEEDBACK_TYPE_OPTIONS: readonly { value: FeedbackType; label: string }[] = [
  { value: 'bug', label: 'Bug report' },
  { value: 'feature', label: 'Feature request' },
  { value: 'ui', label: 'User interface' },
  { value: 'general', label: 'General' },
  { value: 'other', label: 'Other' },
];

/** Product §2, 5 and 9 texts and timings of the feedback modal. */
export const FEEDBACK_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  thanksTitle: 'Thank you for your feedback!',
  thanksText: 'We appreciate your input and will review it soon.',
  sendFailed: 'Your feedback could not be sent. Please try again.',
} as const;
export const FEEDBACK_SUCCESS_MS = 2000;

export interface FeedbackValues {
  title: string;
  description: string;
  type: FeedbackType;
  email: string;
}

export type FeedbackErrors = Partial<Record<'title' | 'description', string>>;

export interface FeedbackState {
  values: FeedbackValues;
  errors: FeedbackErrors;
  /** Product §4: form, submitting, success screen (then closed and reset). */
  status: 'form' | 'submitting' | 'success';
  /** The last send failed; the input is kept. */
  sendFailed: boolean;
}

export type FeedbackAction =
  | { type: 'edit'; field: 'title' | 'description' | 'email'; value: string }
  | { type: 'setType'; value: FeedbackType }
  | { type: 'submit' }
  | { type: 'sent' }
  | { type: 'failed' }
  | { type: 'reset'; email: string | null };

/** Product §2: the email is prefilled from the signed-in user when it has one. */
export function initialFeedbackState(email: string | null = null): FeedbackState {
  return {
    values: { title: '', description: '', type: DEFAULT_FEEDBACK_TYPE, email: email ?? '' },
    errors: {},
    status: 'form',
    sendFailed: false,
  };
}

/** Product §5: title and description required; the email is optional. */
export function validateFeedback(values: FeedbackValues): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (values.title.trim() === '') errors.title = FEEDBACK_MESSAGES.titleRequired;
  if (values.description.trim() === '') errors.description = FEEDBACK_MESSAGES.descriptionRequired;
  return errors;
}

export function feedbackReducer(state: FeedbackState, action: FeedbackAction): FeedbackState {
  switch (action.type) {
    case 'edit': {
      // Product §5: a field's error clears when that field is edited.
      const errors = { ...state.errors };
      if (action.field === 'title' || action.field === 'description') delete errors[action.field];
      return { ...state, values: { ...state.values, [action.field]: action.value }, errors };
    }
    case 'setType':
      return { ...state, values: { ...state.values, type: action.value } };
    case 'submit': {
      if (state.status !== 'form') return state;
      const errors = validateFeedback(state.values);
      if (Object.keys(errors).length > 0) return { ...state, errors };
      return { ...state, errors: {}, status: 'submitting', sendFailed: false };
    }
    case 'sent':
      return { ...state, status: 'success' };
    case 'failed':
      return { ...state, status: 'form', sendFailed: true };
    case 'reset':
      return initialFeedbackState(action.email);
  }
}

/** What the browser attaches by itself (product §2): the page's address and the browser. */
export interface FeedbackContext {
  pageUrl: string;
  browserInfo: string;
}

export function browserContext(): FeedbackContext {
  const { userAgent, language } = navigator;
  return {
    pageUrl: window.location.href.slice(0, FEEDBACK_PAGE_URL_MAX),
    browserInfo: `${userAgent} | ${language} | ${window.innerWidth}x${window.innerHeight}`.slice(
      0,
      FEEDBACK_BROWSER_INFO_MAX,
    ),
  };
}

/** POST /api/feedback body (product §3): trimmed texts, the email only when one was given. */
export function feedbackBody(values: FeedbackValues, context: FeedbackContext): FeedbackInput {
  const email = values.email.trim();
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    ...(email ? { email } : {}),
    page_url: context.pageUrl,
    browser_info: context.browserInfo,
  };
}
