import { afterEach, describe, expect, it } from 'vitest';
import { setCatalogue } from './i18n.ts';
import { timeAgo } from './relative-time.ts';

const now = new Date('2026-05-20T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("timeAgo ('x ago', product §2 'Joined' with a relative time)", () => {
  it.each([
    [before(10_000), 'a few seconds ago'],
    [before(50_000), '1 minute ago'],
    [before(5 * MIN), '5 minutes ago'],
    [before(2 * HOUR), '2 hours ago'],
    [before(DAY), '1 day ago'],
    [before(3 * DAY), '3 days ago'],
    [before(65 * DAY), '2 months ago'],
    [before(800 * DAY), '2 years ago'],
  ])('%s reads %s', (date, expected) => {
    expect(timeAgo(date, now)).toBe(expected);
  });

  it('accepts an ISO string', () => {
    expect(timeAgo('2026-05-17T12:00:00Z', now)).toBe('3 days ago');
  });

  it('reads a moment in the future as just now', () => {
    expect(timeAgo(new Date(now.getTime() + HOUR), now)).toBe('a few seconds ago');
  });

  it('gives an empty text for an invalid date', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('timeAgo in the page language', () => {
  afterEach(() => setCatalogue('en', {}));

  it('formats through Intl in French and Arabic', () => {
    setCatalogue('fr', { 'a few seconds ago': 'il y a quelques secondes' });
    expect(timeAgo(before(3 * DAY), now)).toBe('il y a 3 jours');
    expect(timeAgo(before(10_000), now)).toBe('il y a quelques secondes');
    setCatalogue('ar', {});
    expect(timeAgo(before(3 * DAY), now)).toBe(new Intl.RelativeTimeFormat('ar').format(-3, 'day'));
  });
});
