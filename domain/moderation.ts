/**
 * Reports, the moderation queue, hiding and restoring content, suspensions and the moderation log:
 * the payloads of /api/reports and /api/moderation (docs/api.md, 'Moderation').
 */
import { z } from 'zod';
import { idParam, pagingParams } from './query-params.ts';
import { GRANTABLE_ROLES } from './roles.ts';
import { roleSchema } from './users.ts';

import {
  HIDEABLE_TYPES,
  MODERATION_LOG_PER_PAGE_DEFAULT,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from './moderation-terms.ts';

const noteSchema = z
  .string({ error: 'note must be text' })
  .trim()
  .max(REPORT_NOTE_MAX, `note must be at most ${REPORT_NOTE_MAX} characters`);

/** POST /api/reports */
export const createReportBodySchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, {
    error: () => `target_type must be one of ${REPORT_TARGET_TYPES.join(', ')}`,
  }),
  target_id: z.number({ error: 'target_id must be a number' }).int().positive().max(2147483647),
  reason: z.enum(REPORT_REASONS, { error: () => `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  note: noteSchema.optional(),
});
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

export const createReportResponseSchema = z.object({ id: z.number().int() }).meta({ id: 'ReportCreated' });

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reportQueueQuerySchema = z.object({
  status: z
    .enum(REPORT_STATUSES, { error: () => 'status must be open or resolved' })
    .optional()
    .default('open'),
});

/** What the queue shows of a reported target; null when the target is gone. */
export const reportTargetSummarySchema = z
  .object({
    title: z.string().describe("A building's or architect's name, a user's handle, an image's description"),
    excerpt: z.string().nullable().describe("A comment's text or a building's description, cut short"),
    owner: z.object({ handle: z.string() }).nullable(),
    hidden: z.boolean(),
    building_id: z.number().int().nullable().describe('The building the target belongs to (for a link)'),
  })
  .meta({ id: 'ReportTargetSummary' });
export type ReportTargetSummary = z.infer<typeof reportTargetSummarySchema>;

/** One row per reported target: its reports together. `id` is the newest report's (the one to resolve). */
export const reportQueueItemSchema = z
  .object({
    id: z.number().int(),
    target_type: z.enum(REPORT_TARGET_TYPES),
    target_id: z.number().int(),
    reasons: z.array(z.enum(REPORT_REASONS)),
    notes: z.array(z.string()),
    reporters_count: z.number().int(),
    first_reported_at: z.string(),
    last_reported_at: z.string(),
    resolution: z.enum(['hidden', 'dismissed']).nullable(),
    target: reportTargetSummarySchema.nullable(),
  })
  .meta({ id: 'ReportQueueItem' });
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

export const reportQueueSchema = z
  .object({ items: z.array(reportQueueItemSchema) })
  .meta({ id: 'ReportQueue' });

export const reportIdParamsSchema = z.object({ id: idParam('id') });

export const resolveReportBodySchema = z.object({
  action: z.enum(['hide', 'dismiss'], { error: () => 'action must be hide or dismiss' }),
  note: noteSchema.optional(),
});
export const resolveReportResponseSchema = z
  .object({ resolved: z.number().int().describe('How many open reports of the target were resolved') })
  .meta({ id: 'ReportsResolved' });

export const restoreParamsSchema = z.object({
  target_type: z.enum(HIDEABLE_TYPES, {
    error: () => `target_type must be one of ${HIDEABLE_TYPES.join(', ')}`,
  }),
  id: idParam('id'),
});

export const suspendBodySchema = z.object({
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .min(1, 'reason is required')
    .max(REPORT_NOTE_MAX, `reason must be at most ${REPORT_NOTE_MAX} characters`),
  until: z.iso
    .datetime({ offset: true, error: 'until must be an ISO 8601 date and time' })
    .optional()
    .describe('When the suspension ends by itself; without it, until lifted'),
});

export const suspensionSchema = z
  .object({
    handle: z.string(),
    suspended: z.boolean(),
    until: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'Suspension' });

export const setRoleBodySchema = z.object({
  role: z.enum(GRANTABLE_ROLES, { error: () => `role must be one of ${GRANTABLE_ROLES.join(', ')}` }),
});
export const setRoleResponseSchema = z
  .object({ handle: z.string(), role: roleSchema })
  .meta({ id: 'UserRole' });

/**
 * Every action the log records. `edit` and `delete`: a moderator changed or removed someone else's
 * building, image or comment; `rename` and `merge`: a moderator corrected an architect; `delete_account`: an
 * admin deleted someone else's account (DELETE /api/users/{handle}).
 */
export const MODERATION_ACTIONS = [
  'hide',
  'restore',
  'dismiss',
  'suspend',
  'unsuspend',
  'set_role',
  'delete_account',
  'edit',
  'delete',
  'rename',
  'merge',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationLogQuerySchema = z.object({
  ...pagingParams(MODERATION_LOG_PER_PAGE_DEFAULT),
});

export const moderationLogEntrySchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    actor: z.object({ handle: z.string() }).nullable(),
    action: z.enum(MODERATION_ACTIONS),
    target_type: z.string(),
    target_id: z.number().int(),
    note: z.string().nullable(),
  })
  .meta({ id: 'ModerationLogEntry' });
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const moderationLogSchema = z
  .object({
    items: z.array(moderationLogEntrySchema),
    page: z.number().int(),
    per_page: z.number().int(),
    has_more: z.boolean(),
  })
  .meta({ id: 'ModerationLog' });

/** The text of the 403 a suspended account gets on sign-in and on every write. */
export function suspendedMessage(until: Date | null): string {
  return until
    ? `Your account is suspended until ${until.toISOString().slice(0, 10)}; you cannot sign in or make changes.`
    : 'Your account is suspended; you cannot sign in or make changes.';
}

/** Whether a suspension is in force at `now`. */
export function isSuspended(
  s: { suspended_at: Date | null; suspended_until: Date | null },
  now: Date = new Date(),
): boolean {
  return (
    s.suspended_at !== null && (s.suspended_until === null || s.suspended_until.getTime() > now.getTime())
  );
}
