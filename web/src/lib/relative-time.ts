const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * 'x ago' for a past moment (product §2, 'Joined' on the user page; comments' relative time):
 * 'a few seconds ago', '5 minutes ago', '3 days ago', '2 years ago'. A moment in the future
 * (a clock ahead of ours) reads as 'a few seconds ago'.
 */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < 45 * SECOND) return 'a few seconds ago';
  if (elapsed < HOUR) return formatter.format(-Math.max(1, Math.round(elapsed / MINUTE)), 'minute');
  if (elapsed < DAY) return formatter.format(-Math.round(elapsed / HOUR), 'hour');
  if (elapsed < MONTH) return formatter.format(-Math.round(elapsed / DAY), 'day');
  if (elapsed < YEAR) return formatter.format(-Math.round(elapsed / MONTH), 'month');
  return formatter.format(-Math.round(elapsed / YEAR), 'year');
}
