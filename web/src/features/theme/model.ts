import { isColorScheme, type ColorScheme } from '../../lib/color-scheme.ts';

/**
 * Product §1: the initial theme is the stored preference, otherwise the system dark preference.
 * A stored value that is neither 'light' nor 'dark' counts as no preference.
 */
export function chooseInitialColorScheme(stored: string | null, systemPrefersDark: boolean): ColorScheme {
  if (isColorScheme(stored)) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

export function oppositeColorScheme(scheme: ColorScheme): ColorScheme {
  return scheme === 'dark' ? 'light' : 'dark';
}
