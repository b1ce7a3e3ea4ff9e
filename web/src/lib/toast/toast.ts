import { notifications } from '@mantine/notifications';
import { t } from '../i18n.ts';

/**
 * Toasts (product §3, 4 and 9): type info by default (success also used), shown for 3000 ms,
 * leaving with a 300 ms exit animation, with a close button. Mantine's notifications render them;
 * <ToastContainer /> (mounted once by the app provider) holds the stack.
 */
export type ToastType = 'info' | 'success' | 'error';

export const TOAST_DURATION_MS = 3000;
export const TOAST_EXIT_MS = 300;

export interface ToastInput {
  message: string;
  type?: ToastType;
  /** Milliseconds before the toast leaves on its own; default 3000. */
  duration?: number;
}

const COLORS: Record<ToastType, string> = { info: 'blue', success: 'teal', error: 'red' };

/** Shows a toast and returns its id (for hideToast). */
export function showToast({ message, type = 'info', duration = TOAST_DURATION_MS }: ToastInput): string {
  return notifications.show({
    // A message of the catalogues comes in the page's language (the rest as it is).
    message: t(message),
    color: COLORS[type],
    autoClose: duration,
    withCloseButton: true,
    // Mantine's close button has no text: without a name it is a critical axe violation.
    closeButtonProps: { 'aria-label': t('Close') },
  });
}

export function hideToast(id: string): void {
  notifications.hide(id);
}
