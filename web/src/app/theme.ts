import { createTheme, type CSSVariablesResolver, type Modal } from '@mantine/core';
import { t } from '../lib/i18n.ts';

/**
 * A modal's title bar is a <header>: without a role it is a second banner landmark beside the
 * navigation bar's (axe landmark-no-duplicate-banner) whenever the wizard or the viewer is open.
 * What `Modal.extend(...)` returns (it returns its argument), written out: importing Modal's value
 * here put the modal, its scroll area and floating-ui into every screen's first download.
 */
const modalTheme: Parameters<typeof Modal.extend>[0] = {
  // The close button (an ×) is named for screen readers in every modal (axe button-name); a
  // modal may still give its own name.
  defaultProps: {
    attributes: { header: { role: 'none' } },
    // A getter: Mantine spreads the default props at each render, so 'Close' is read then, in the
    // page's language, not when this module loads.
    get closeButtonProps() {
      return { 'aria-label': t('Close') };
    },
  },
};

// Contrast (WCAG AA 4.5:1 for normal text): Mantine's default blue 6 (#228be6) gives
// 3.55:1 against white both as link text and under white button labels, and its dimmed grey
// (gray 6, #868e96) 3.32:1. Shade 8 of blue and gray 7 pass in the light scheme; in the dark
// scheme the default dimmed (dark 2 on dark 7) is borderline, so dark 1 is used.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: { Modal: modalTheme },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-4)',
  },
});
