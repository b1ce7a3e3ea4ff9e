import { describe, expect, it } from 'vitest';
import { nextDecade, parseStandingYear } from './time.ts';

const now = new Date('2026-06-01T00:00:00Z');

describe('parseStandingYear (the URL keeps the year)', () => {
  it.each([
    ['1935', 1935],
    ['-432', -432],
    ['-10000', -10000],
    ['2026', 2026],
  ])('%s -> %s', (param, year) => {
    expect(parseStandingYear(param, now)).toBe(year);
  });

  it.each([null, '', 'abc', '1900.5', '2027', '-10001', '1e3'])('%s -> no time filter', (param) => {
    expect(parseStandingYear(param, now)).toBeNull();
  });
});

describe('nextDecade (play steps through decades)', () => {
  it('steps to the next whole decade, then to the current year, then stops', () => {
    expect(nextDecade(1850, now)).toBe(1860);
    expect(nextDecade(1853, now)).toBe(1860);
    expect(nextDecade(-432, now)).toBe(-430);
    expect(nextDecade(2020, now)).toBe(2026);
    expect(nextDecade(2026, now)).toBeNull();
  });
});
