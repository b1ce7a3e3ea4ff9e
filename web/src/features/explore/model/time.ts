import { YEAR_MIN, currentYear } from '#domain/constants';

/** The explore URL's parameter for the catalogue as of a year (the same name as the API's), from the page table. */
export { STANDING_YEAR_PARAM } from '#domain/pages';

/**
 * The slider's earliest year. The API takes years from -10000, but a linear slider over 12,000
 * years would leave the last two centuries a few pixels wide; earlier years still work from the URL.
 */
export const TIME_SLIDER_MIN = -500;

/** Where play starts when no year is chosen yet. */
export const TIME_PLAY_START = 1850;

/** A year from the URL: a whole number from -10000 to the current year, else null (no time filter). */
export function parseStandingYear(param: string | null, now: Date = new Date()): number | null {
  if (param === null || !/^[+-]?\d+$/.test(param.trim())) return null;
  const year = Number(param);
  return year >= YEAR_MIN && year <= currentYear(now) ? year : null;
}

/** Play's next year: the next whole decade, and the current year at the end; null after it. */
export function nextDecade(year: number, now: Date = new Date()): number | null {
  const last = currentYear(now);
  if (year >= last) return null;
  return Math.min(last, Math.floor(year / 10) * 10 + 10);
}
