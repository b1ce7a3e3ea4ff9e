import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_EXIT_MS } from './toast.ts';

/** The toast stack of product §2 (global elements); mounted once inside MantineProvider. */
export function ToastContainer() {
  return (
    <Notifications
      position="bottom-center"
      autoClose={TOAST_DURATION_MS}
      transitionDuration={TOAST_EXIT_MS}
      limit={5}
      zIndex={1000}
    />
  );
}
