import { describe, expect, it } from 'vitest';
import { legText, totalDistanceText, walkingTourTitle } from './walking-tour.ts';

describe('walking tour texts', () => {
  it('names the tour after its list and states its length', () => {
    expect(walkingTourTitle('Art Nouveau in Brussels')).toBe('Walking tour: Art Nouveau in Brussels');
    expect(totalDistanceText(4321)).toBe('Total distance: 4.3 km');
    expect(totalDistanceText(640)).toBe('Total distance: 640 m');
  });

  it('marks the start and gives each later stop its leg from the previous one', () => {
    expect(legText(0, 0)).toBe('Start');
    expect(legText(2, 1500)).toBe('+1.5 km');
  });
});
