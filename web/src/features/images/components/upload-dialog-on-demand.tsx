import { lazy, Suspense } from 'react';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';

const UploadImagesDialog = lazy(() =>
  import('./upload-images-dialog.tsx').then((m) => ({ default: m.UploadImagesDialog })),
);

export interface UploadDialogOnDemandProps {
  buildingId: number;
  opened: boolean;
  onClose: () => void;
  onUploaded: () => void;
}

/**
 * The upload dialog for a building, its code (dropzone, metadata fields, upload queue) loaded at
 * its first opening and kept mounted afterwards, so its closing transition and its list of files
 * stay as they were.
 */
export function UploadDialogOnDemand({ buildingId, opened, onClose, onUploaded }: UploadDialogOnDemandProps) {
  const wanted = useOpenedOnce(opened);
  if (!wanted) return null;
  return (
    <Suspense fallback={<DialogLoading />}>
      <UploadImagesDialog buildingId={buildingId} opened={opened} onClose={onClose} onUploaded={onUploaded} />
    </Suspense>
  );
}
