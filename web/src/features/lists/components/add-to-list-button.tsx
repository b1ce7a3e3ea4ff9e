import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { t } from '../../../lib/i18n.ts';

// The modal (the user's lists with their checkboxes, the new-list form) loads at its first opening.
const AddToListModal = lazy(() =>
  import('./add-to-list-modal.tsx').then((m) => ({ default: m.AddToListModal })),
);

interface AddToListButtonProps {
  buildingId: number;
  buildingName: string;
}

/** Product §2 and 6: the building profile's Add to List button, shown only to signed-in users. */
export function AddToListButton({ buildingId, buildingName }: AddToListButtonProps) {
  const { user } = useAuth();
  const [opened, dialog] = useDisclosure(false);
  const wanted = useOpenedOnce(opened);
  if (!user) return null;
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlaylistAdd size={16} aria-hidden />}
        onClick={dialog.open}
      >
        {/* LIST_TEXTS.addToList, written out: the lists' model loads with the dialog only. */}
        {t('Add to List')}
      </Button>
      {wanted && (
        <Suspense fallback={<DialogLoading />}>
          <AddToListModal
            opened={opened}
            onClose={dialog.close}
            buildingId={buildingId}
            buildingName={buildingName}
            userHandle={user.handle}
          />
        </Suspense>
      )}
    </>
  );
}
