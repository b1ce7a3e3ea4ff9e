import { describe, expect, it } from 'vitest';
import { fieldLabel, formatRevisionValue, orderedChanges } from './revision-terms.ts';

describe('how the history reads a recorded value', () => {
  it('shows none as a dash, coordinates as lat, lng, styles by name, lists and addresses joined', () => {
    expect(formatRevisionValue('description', null)).toBe('—');
    expect(formatRevisionValue('description', '')).toBe('—');
    expect(formatRevisionValue('year_built', -250)).toBe('-250');
    expect(formatRevisionValue('coordinates', [2.29, 48.85])).toBe('48.85, 2.29');
    expect(
      formatRevisionValue('architectural_styles', [
        { id: 1, name: 'Gothic' },
        { id: 2, name: 'Modern' },
      ]),
    ).toBe('Gothic, Modern');
    expect(formatRevisionValue('architects', [])).toBe('—');
    expect(formatRevisionValue('architects', ['Ada', 'Bob'])).toBe('Ada, Bob');
    expect(
      formatRevisionValue('address', { line1: '1 Main St', line2: null, city: 'Town', country_code: 'IT' }),
    ).toBe('1 Main St, Town, IT');
  });

  it('lists changed fields in the form order, unknown ones last, with their labels', () => {
    const order = orderedChanges({
      other: { from: 1, to: 2 },
      description: { from: 'a', to: 'b' },
      name: { from: 'x', to: 'y' },
    }).map(([field]) => field);
    expect(order).toEqual(['name', 'description', 'other']);
    expect(fieldLabel('year_demolished')).toBe('Year demolished');
    expect(fieldLabel('other')).toBe('other');
  });
});
