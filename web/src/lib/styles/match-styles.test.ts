import { describe, expect, it } from 'vitest';
import { matchStyles } from './match-styles.ts';

const styles = [
  { id: 1, name: 'Art Deco' },
  { id: 2, name: 'Art Nouveau' },
  { id: 3, name: 'Gothic' },
  { id: 4, name: 'Gothic Revival' },
];
const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('matchStyles (product §2: only unselected styles, case-insensitive substring)', () => {
  it('offers every unselected style for an empty search', () => {
    expect(names(matchStyles(styles, [], ''))).toEqual([
      'Art Deco',
      'Art Nouveau',
      'Gothic',
      'Gothic Revival',
    ]);
    expect(names(matchStyles(styles, [1, 3], '  '))).toEqual(['Art Nouveau', 'Gothic Revival']);
  });

  it('matches a substring anywhere in the name, ignoring case', () => {
    expect(names(matchStyles(styles, [], 'ART'))).toEqual(['Art Deco', 'Art Nouveau']);
    expect(names(matchStyles(styles, [], 'vival'))).toEqual(['Gothic Revival']);
    expect(names(matchStyles(styles, [], 'oTh'))).toEqual(['Gothic', 'Gothic Revival']);
  });

  it('never offers a selected style', () => {
    expect(names(matchStyles(styles, [3], 'gothic'))).toEqual(['Gothic Revival']);
    expect(matchStyles(styles, [1, 2, 3, 4], '')).toEqual([]);
  });

  it('offers nothing when no name matches', () => {
    expect(matchStyles(styles, [], 'brutal')).toEqual([]);
  });
});
