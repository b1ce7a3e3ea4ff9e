import { describe, expect, it } from 'vitest';
import type { Image } from '#domain/images';
import { testImage } from '../testing/image-fixtures.ts';
import { datedPhotos, defaultPair, dividerAfterKey, dividerAtPointer, yearLabel } from './through-time.ts';

const photo = (id: number, capture_year: number | null): Image => ({ ...testImage(id), capture_year });

describe('through time: photos by capture year', () => {
  it('keeps the dated photos, oldest first, ties in the given order', () => {
    const photos = [photo(1, null), photo(2, 1950), photo(3, 1890), photo(4, 1950), photo(5, null)];
    expect(datedPhotos(photos).map((p) => p.id)).toEqual([3, 2, 4]);
  });

  it('compares the earliest and the latest by default, and nothing below two dated photos', () => {
    expect(
      defaultPair([photo(1, 2020), photo(2, null), photo(3, 1901), photo(4, 1960)])?.map((p) => p.id),
    ).toEqual([3, 1]);
    expect(defaultPair([photo(1, 2020), photo(2, null)])).toBeNull();
    expect(defaultPair([])).toBeNull();
  });

  it("labels a photo by its year, or 'Year unknown'", () => {
    expect(yearLabel(photo(1, 1890))).toBe('1890');
    expect(yearLabel(photo(1, null))).toBe('Year unknown');
  });
});

describe('the compare divider', () => {
  it('steps with the arrows, more with Page Up/Down, and goes to the ends with Home/End', () => {
    expect(dividerAfterKey(50, 'ArrowRight')).toBe(55);
    expect(dividerAfterKey(50, 'ArrowUp')).toBe(55);
    expect(dividerAfterKey(50, 'ArrowLeft')).toBe(45);
    expect(dividerAfterKey(50, 'ArrowDown')).toBe(45);
    expect(dividerAfterKey(50, 'PageUp')).toBe(70);
    expect(dividerAfterKey(50, 'PageDown')).toBe(30);
    expect(dividerAfterKey(50, 'Home')).toBe(0);
    expect(dividerAfterKey(50, 'End')).toBe(100);
  });

  it('stays between 0 and 100 and ignores other keys', () => {
    expect(dividerAfterKey(98, 'ArrowRight')).toBe(100);
    expect(dividerAfterKey(2, 'PageDown')).toBe(0);
    expect(dividerAfterKey(50, 'a')).toBeNull();
    expect(dividerAfterKey(50, 'Enter')).toBeNull();
  });

  it('follows a pointer (mouse or touch) across the photos, clamped to them', () => {
    expect(dividerAtPointer(150, 100, 200)).toBe(25);
    expect(dividerAtPointer(50, 100, 200)).toBe(0);
    expect(dividerAtPointer(400, 100, 200)).toBe(100);
    expect(dividerAtPointer(150, 100, 0)).toBe(50);
  });
});
