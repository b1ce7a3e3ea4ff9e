import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once.ts';
import type { ConfirmDialogProps } from './confirm-dialog-modal.tsx';
import { DialogLoading } from './dialog-loading.tsx';

// The modal loads at the first opening.
const ConfirmDialogModal = lazy(() =>
  import('./confirm-dialog-modal.tsx').then((m) => ({ default: m.ConfirmDialogModal })),
);

/**
 * A question before a step that cannot be undone (product §5 and 6: deleting a list or a building,
 * removing a building from a list; signing out everywhere): Cancel, or the red confirm button,
 * which shows `pending` while the step runs.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={<DialogLoading />}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
