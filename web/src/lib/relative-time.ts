import { currentLanguage, t } from './i18n.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const formatters = new Map<string, Intl.RelativeTimeFormat>();

/** The page's language's formatter ('il y a 3 jours' in French). */
function relative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const language = currentLanguage();
  let formatter = formatters.get(language);
  if (!formatter)
    formatters.set(language, (formatter = new Intl.RelativeTimeFormat(language, { numeric: 'always' })));
  return formatter.format(value, unit);
}

/**
 * 'x ago' for a past moment, in the page's language (product §2, 'Joined' on the user page; comments' relative time):
 * 'a few seconds ago', '5 minutes ago', '3 days ago', '2 years ago'. A moment in the future
 * (a clock ahead of ours) reads as 'a few seconds ago'.
 */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < 45 * SECOND) return t('a few seconds ago');
  if (elapsed < HOUR) return relative(-Math.max(1, Math.round(elapsed / MINUTE)), 'minute');
  if (elapsed < DAY) return relative(-Math.round(elapsed / HOUR), 'hour');
  if (elapsed < MONTH) return relative(-Math.round(elapsed / DAY), 'day');
  if (elapsed < YEAR) return relative(-Math.round(elapsed / MONTH), 'month');
  return relative(-Math.round(elapsed / YEAR), 'year');
}
