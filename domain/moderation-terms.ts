/**
 * The words of moderation without their schemas: what can be reported and why, what can be
 * hidden, the limits. The web app's report dialog and moderation screen read these without
 * loading zod (moderation.ts holds the payload schemas built on them).
 */
import { keysOf } from './labels.ts';

export const REPORT_TARGET_TYPES = ['building', 'image', 'comment', 'user', 'architect'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What a moderator can hide: the rest is corrected otherwise (a user is suspended; an architect is renamed or merged). */
export const HIDEABLE_TYPES = ['building', 'image', 'comment'] as const;
export type HideableType = (typeof HIDEABLE_TYPES)[number];
/** Why a report is made, and how the report dialog names each reason: the reasons are its keys. */
export const REPORT_REASON_LABELS = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  incorrect: 'Incorrect information',
  copyright: 'Copyright violation',
  privacy: 'Privacy concern',
  other: 'Something else',
} as const;
export const REPORT_REASONS = keysOf(REPORT_REASON_LABELS);
export type ReportReason = (typeof REPORT_REASONS)[number];
export const isHideable = (t: ReportTargetType): t is HideableType =>
  (HIDEABLE_TYPES as readonly string[]).includes(t);

export const REPORT_NOTE_MAX = 1000;
/** Reports one IP may send a minute by default (REPORT_RATE_LIMIT), besides the per-user limit on every write. */
export const REPORTS_PER_MINUTE_DEFAULT = 10;
export const MODERATION_LOG_PER_PAGE_DEFAULT = 50;
