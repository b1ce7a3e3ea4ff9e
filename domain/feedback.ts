/** POST /api/feedback (product §2 "Feedback modal", 3 "Feedback", 5 "Feedback"). */
import { z } from 'zod';

/** Product §2: bug, feature, ui, general (the default), other. */
export const FEEDBACK_TYPES = ['bug', 'feature', 'ui', 'general', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'general';

export const FEEDBACK_TITLE_MAX = 200;
export const FEEDBACK_DESCRIPTION_MAX = 5000;
export const FEEDBACK_EMAIL_MAX = 254;
/** Attached automatically by the browser; longer values are cut, not refused. */
export const FEEDBACK_PAGE_URL_MAX = 2048;
export const FEEDBACK_BROWSER_INFO_MAX = 1000;

// NUL cannot be stored in a text column, nor lone UTF-16 surrogates as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (s: string) => s.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');

function cut(s: string, max: number): string {
  const chars = [...s];
  return chars.length > max ? chars.slice(0, max).join('') : s;
}

const EMAIL = z.email();

/** Required text: trimmed, with the product's message when missing or blank. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((s) => storable(s).trim())
    .superRefine((s, ctx) => {
      if (s.length === 0) ctx.addIssue({ code: 'custom', message: `${label} is required` });
      else if ([...s].length > max) {
        ctx.addIssue({ code: 'custom', message: `${label} can have at most ${max} characters` });
      }
    });

/** Optional text attached by the client: null when empty, cut to `max` characters. */
const attachedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((s) => (s ? cut(storable(s).trim(), max) || null : null));

export const feedbackBodySchema = z
  .object({
    title: requiredText('Title', FEEDBACK_TITLE_MAX),
    description: requiredText('Description', FEEDBACK_DESCRIPTION_MAX),
    type: z
      .enum(FEEDBACK_TYPES, { error: () => `Type must be one of ${FEEDBACK_TYPES.join(', ')}` })
      .nullish()
      .transform((t) => t ?? DEFAULT_FEEDBACK_TYPE),
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .max(FEEDBACK_EMAIL_MAX, 'Please enter a valid email address')
      .refine((e) => e === '' || EMAIL.safeParse(e).success, 'Please enter a valid email address')
      .nullish()
      .transform((e) => e || null)
      .describe('Optional; an empty string means none'),
    page_url: attachedText('page_url', FEEDBACK_PAGE_URL_MAX),
    browser_info: attachedText('browser_info', FEEDBACK_BROWSER_INFO_MAX),
  })
  .meta({ id: 'FeedbackBody' });

export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
export type FeedbackInput = z.input<typeof feedbackBodySchema>;

export const feedbackCreatedSchema = z.object({ id: z.number().int() }).meta({ id: 'FeedbackCreated' });
export type FeedbackCreated = z.infer<typeof feedbackCreatedSchema>;
