import { lazy, Suspense } from 'react';

// The stack's component (and its transitions) loads after the first paint; a toast
// shown before it arrives waits in Mantine's store and appears when it mounts.
const ToastStack = lazy(() => import('./toast-stack.tsx').then((m) => ({ default: m.ToastStack })));

/** The toast stack of product §2 (global elements); mounted once inside MantineProvider. */
export function ToastContainer() {
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
