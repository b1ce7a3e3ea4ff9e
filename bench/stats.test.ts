import { describe, expect, it } from 'vitest';
import { median, medianInterval } from './stats.ts';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('medianInterval (95%, distribution-free)', () => {
  const ranks = (n: number) => Array.from({ length: n }, (_, i) => n - i); // n … 1, unsorted on purpose

  it('is the order statistics the binomial tables give', () => {
    // n = 6: 1st and 6th (96.9%); n = 9: 2nd and 8th (96.1%); n = 15: 4th and 12th (96.5%);
    // n = 30: 10th and 21st (95.7%).
    expect(medianInterval(ranks(6))).toEqual([1, 6]);
    expect(medianInterval(ranks(9))).toEqual([2, 8]);
    expect(medianInterval(ranks(15))).toEqual([4, 12]);
    expect(medianInterval(ranks(30))).toEqual([10, 21]);
  });

  it('gives none for five values or fewer (no pair of ranks reaches 95%)', () => {
    expect(medianInterval(ranks(5))).toBeUndefined();
    expect(medianInterval([])).toBeUndefined();
  });
});
