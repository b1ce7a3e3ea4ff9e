import { Button, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { DELETE_ACCOUNT_HINT, DELETE_ACCOUNT_LABEL } from '../model/delete-account.ts';
import { t } from '../../../lib/i18n.ts';

// The confirmation loads at its first opening.
const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog.tsx').then((m) => ({ default: m.DeleteAccountDialog })),
);

/** Settings' danger zone: 'Delete my account', confirmed by typing the handle. */
export function DeleteAccount({ handle }: { handle: string }) {
  const [opened, dialog] = useDisclosure(false);
  const loaded = useOpenedOnce(opened);
  return (
    <Stack gap="xs" align="flex-start" component="section" aria-labelledby="danger-zone-title">
      <Title order={3} id="danger-zone-title" c="red">
        {t('Danger zone')}
      </Title>
      <Text size="sm" c="dimmed">
        {t(DELETE_ACCOUNT_HINT)}
      </Text>
      <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={dialog.open}>
        {t(DELETE_ACCOUNT_LABEL)}
      </Button>
      {loaded && (
        <Suspense fallback={<DialogLoading />}>
          <DeleteAccountDialog handle={handle} opened={opened} onClose={dialog.close} />
        </Suspense>
      )}
    </Stack>
  );
}
