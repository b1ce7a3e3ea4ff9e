import { THEME_TRANSITION_MS } from '#domain/constants';

export const THEME_TRANSITION_CLASS = 'theme-transition';

let pendingTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Product §1: a 300 ms transition style is applied while toggling. Adds a class on <html>
 * (see theme-transition.css) and removes it once the transition is over.
 */
export function startThemeTransition(
  root: HTMLElement = document.documentElement,
  durationMs: number = THEME_TRANSITION_MS,
): void {
  root.style.setProperty('--theme-transition-duration', `${durationMs}ms`);
  root.classList.add(THEME_TRANSITION_CLASS);
  clearTimeout(pendingTimer);
  pendingTimer = setTimeout(() => {
    root.classList.remove(THEME_TRANSITION_CLASS);
    pendingTimer = undefined;
  }, durationMs);
}
