import { afterEach } from 'vitest';

/**
 * The unit tests share a worker's loaded modules from file to file (vitest.config.ts, isolate:
 * false), so state a module keeps for the page's lifetime would reach the next file. This setup
 * empties what the app keeps that way after every test: Mantine's notification store (the toast
 * stack), whose toasts would otherwise show in the next file's ToastContainer.
 */
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
});

// The page's language (web/src/lib/i18n.ts): back to English for the next test.
afterEach(async () => {
  const { setCatalogue } = await import('../lib/i18n.ts');
  setCatalogue('en', {});
});
