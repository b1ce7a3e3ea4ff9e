import { describe, expect, it } from 'vitest';
import {
  buildingFiltersOf,
  filtersReducer,
  initialFiltersState,
  parseFilterYear,
  yearInputText,
  type FiltersAction,
  type FiltersState,
} from './filters.ts';

const now = new Date(2026, 5, 1);
const run = (...actions: FiltersAction[]): FiltersState =>
  actions.reduce(filtersReducer, initialFiltersState);
const start = (input: string): FiltersAction => ({ type: 'startYearChanged', input, now });
const end = (input: string): FiltersAction => ({ type: 'endYearChanged', input, now });

describe('parseFilterYear (product §5: clamped to -10000..current year, non-numeric is null)', () => {
  it('reads whole years, negative ones included', () => {
    expect(parseFilterYear('1900', now)).toBe(1900);
    expect(parseFilterYear(' -432 ', now)).toBe(-432);
    expect(parseFilterYear('0', now)).toBe(0);
  });

  it('clamps to -10000 and the current year', () => {
    expect(parseFilterYear('-20000', now)).toBe(-10000);
    expect(parseFilterYear('3000', now)).toBe(2026);
    expect(parseFilterYear('2026', now)).toBe(2026);
  });

  it('turns non-numeric input into null', () => {
    expect(parseFilterYear('', now)).toBeNull();
    expect(parseFilterYear('abc', now)).toBeNull();
    expect(parseFilterYear('19x0', now)).toBeNull();
    expect(parseFilterYear('-', now)).toBeNull();
    expect(parseFilterYear('1e3', now)).toBeNull();
  });

  it('cuts decimals to the whole year', () => {
    expect(parseFilterYear('1900.7', now)).toBe(1900);
    expect(Object.is(parseFilterYear('-0.5', now), 0)).toBe(true);
  });
});

describe('year filter transitions (product §5)', () => {
  it('defaults the end year to the current year when a start year is set and no end year was touched', () => {
    expect(run(start('1900'))).toMatchObject({ builtAfterDate: 1900, builtBeforeDate: 2026 });
  });

  it('leaves a touched end year alone, even an empty one', () => {
    expect(run(end('1950'), start('1900'))).toMatchObject({ builtAfterDate: 1900, builtBeforeDate: 1950 });
    expect(run(end(''), start('1900'))).toMatchObject({ builtAfterDate: 1900, builtBeforeDate: null });
  });

  it('sets the end year to the start year when the start exceeds it', () => {
    expect(run(end('1950'), start('1980'))).toMatchObject({ builtAfterDate: 1980, builtBeforeDate: 1980 });
    expect(run(start('1900'), end('1800'))).toMatchObject({ builtAfterDate: 1900, builtBeforeDate: 1900 });
  });

  it('clears a year with non-numeric input without touching the other', () => {
    const state = run(start('1900'), end('1950'), start('abc'));
    expect(state).toMatchObject({ builtAfterDate: null, builtBeforeDate: 1950 });
  });

  it('sets only the end year when no start year is given', () => {
    expect(run(end('1700'))).toMatchObject({
      builtAfterDate: null,
      builtBeforeDate: 1700,
      endYearTouched: true,
    });
  });

  it("switches 'Needs photos' on and off without touching the other filters", () => {
    const on = run(start('1900'), { type: 'needsPhotosChanged', needsPhotos: true });
    expect(on).toMatchObject({ builtAfterDate: 1900, needsPhotos: true });
    expect(filtersReducer(on, { type: 'needsPhotosChanged', needsPhotos: false })).toEqual({
      ...on,
      needsPhotos: false,
    });
  });

  it('keeps the selected styles once each and clears everything', () => {
    const state = run({ type: 'stylesChanged', styleIds: [4, 2, 4] }, start('1900'), {
      type: 'needsPhotosChanged',
      needsPhotos: true,
    });
    expect(state.selectedArchitecturalStyles).toEqual([4, 2]);
    expect(filtersReducer(state, { type: 'cleared' })).toEqual(initialFiltersState);
  });
});

describe('buildingFiltersOf (product §7: builtAfterDate = start, builtBeforeDate = end, archStyles)', () => {
  it('maps the state onto the query filters', () => {
    const state = run({ type: 'stylesChanged', styleIds: [7, 3] }, start('1900'), end('1950'));
    expect(buildingFiltersOf(state)).toEqual({
      builtAfterDate: 1900,
      builtBeforeDate: 1950,
      archStyles: [3, 7],
      needsPhotos: false,
    });
    expect(buildingFiltersOf(initialFiltersState)).toEqual({
      builtAfterDate: null,
      builtBeforeDate: null,
      archStyles: [],
      needsPhotos: false,
    });
    expect(buildingFiltersOf({ ...initialFiltersState, needsPhotos: true }).needsPhotos).toBe(true);
  });

  it('shows a committed year as text', () => {
    expect(yearInputText(null)).toBe('');
    expect(yearInputText(-500)).toBe('-500');
  });
});
