import { describe, expect, it } from 'vitest';
import { chooseInitialColorScheme, oppositeColorScheme } from './model.ts';

describe('chooseInitialColorScheme (product §1: stored preference, else system dark preference)', () => {
  it('uses the stored preference whatever the system says', () => {
    expect(chooseInitialColorScheme('light', true)).toBe('light');
    expect(chooseInitialColorScheme('dark', false)).toBe('dark');
  });

  it('follows the system dark preference when nothing is stored', () => {
    expect(chooseInitialColorScheme(null, true)).toBe('dark');
    expect(chooseInitialColorScheme(null, false)).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    expect(chooseInitialColorScheme('auto', true)).toBe('dark');
    expect(chooseInitialColorScheme('purple', false)).toBe('light');
  });

  it('toggles between the two themes', () => {
    expect(oppositeColorScheme('light')).toBe('dark');
    expect(oppositeColorScheme('dark')).toBe('light');
  });
});
