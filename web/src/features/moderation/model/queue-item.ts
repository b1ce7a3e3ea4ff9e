/** How the moderation screen names and links a reported target, and reads the 'until' field. */
import type { ReportQueueItem } from '#domain/moderation';
import { REPORT_REASON_LABELS, type ReportTargetType } from '#domain/moderation-terms';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';
import { plural } from '../../../lib/i18n-plural.ts';

/** How the queue names a target's type (English; translated where shown, by targetTypeLabel). */
export const TARGET_TYPE_LABELS: Record<ReportTargetType, string> = {
  building: 'Building',
  image: 'Image',
  comment: 'Comment',
  user: 'User',
  architect: 'Architect',
};

/** Where the queue's row links to: the target's page, or the page it sits on; null when gone. */
export function targetHref(
  item: Pick<ReportQueueItem, 'target_type' | 'target_id' | 'target'>,
): string | null {
  const target = item.target;
  if (!target) return null;
  switch (item.target_type) {
    case 'building':
      return pages.building.href({ id: item.target_id });
    case 'architect':
      return pages.architect.href({ id: item.target_id });
    case 'user':
      return pages.user.href({ handle: target.title });
    case 'image':
      return target.building_id === null ? null : pages.gallery.href({ buildingId: target.building_id });
    case 'comment':
      return target.building_id === null ? null : pages.building.href({ id: target.building_id });
  }
}

/** A target's type in the page's language ('Building'); call while rendering. */
export const targetTypeLabel = (type: ReportTargetType): string => t(TARGET_TYPE_LABELS[type]);

/**
 * The reasons of a row as the report dialog names them, in the page's language, e.g. 'Spam or
 * advertising, Privacy concern' (the separator is the language's: '、' in Japanese).
 */
export function reasonsText(item: Pick<ReportQueueItem, 'reasons'>): string {
  return item.reasons.map((r) => t(REPORT_REASON_LABELS[r])).join(t(', '));
}

/** '1 reporter' / '3 reporters', in the page's language. */
export function reportersText(count: number): string {
  return plural('{count, plural, one {# reporter} other {# reporters}}', { count });
}

/**
 * The suspension's end from a date field (YYYY-MM-DD): the end of that day in UTC as the API's
 * ISO date and time; null for an empty field (until lifted); not ok for anything else or a day past.
 */
export function suspendUntil(
  value: string,
  now: Date = new Date(),
): { ok: true; until: string | null } | { ok: false } {
  const text = value.trim();
  if (text === '') return { ok: true, until: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return { ok: false };
  const end = new Date(`${text}T23:59:59Z`);
  if (Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== text) return { ok: false };
  return end.getTime() > now.getTime() ? { ok: true, until: end.toISOString() } : { ok: false };
}
