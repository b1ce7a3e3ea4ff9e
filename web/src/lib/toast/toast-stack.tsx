import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { TOAST_DURATION_MS, TOAST_EXIT_MS } from './toast.ts';

/** Mantine's notifications, as product §2 wants the toasts (see toast.ts). */
export function ToastStack() {
  return (
    <Notifications
      position="bottom-center"
      autoClose={TOAST_DURATION_MS}
      transitionDuration={TOAST_EXIT_MS}
      limit={5}
      zIndex={1000}
      // In place (fixed), not in a portal: a portal mounts by setting state as React commits.
      withinPortal={false}
    />
  );
}
