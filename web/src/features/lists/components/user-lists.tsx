import { lazy, Suspense } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { useUserLists } from '../api/get-user-lists.ts';
import { LIST_TEXTS, visibleLists } from '../model/lists.ts';
import { ListCard } from './list-card.tsx';
import { t } from '../../../lib/i18n.ts';

// The modal and its form load at the first opening.
const CreateListModal = lazy(() =>
  import('./create-list-modal.tsx').then((m) => ({ default: m.CreateListModal })),
);

/**
 * Product §2, user page Lists: each list with its buildings. The profile owner (the signed-in user's
 * handle is the page's) can create lists, switch them public or private, delete them and remove
 * buildings; anyone else sees the public lists only, without controls.
 */
export function UserLists({ handle }: { handle: string }) {
  const { user } = useAuth();
  const isOwner = user !== null && user.handle === handle;
  const lists = useUserLists(handle);
  const [creating, create] = useDisclosure(false);
  const createWanted = useOpenedOnce(creating);

  return (
    <Stack gap="md" component="section" aria-label={t('Lists')}>
      <Group justify="space-between">
        <Title order={2}>{t('Lists')}</Title>
        {isOwner && (
          <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
            {t(LIST_TEXTS.createList)}
          </Button>
        )}
      </Group>
      {lists.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t(LIST_TEXTS.loadingLists)}</Text>
        </Group>
      ) : lists.isError ? (
        <Text c="red" role="alert">
          {t(LIST_TEXTS.listsFailed)}
        </Text>
      ) : (
        <ListCards lists={visibleLists(lists.data, isOwner)} isOwner={isOwner} />
      )}
      {isOwner && createWanted && (
        <Suspense fallback={<DialogLoading />}>
          <CreateListModal opened={creating} onClose={create.close} />
        </Suspense>
      )}
    </Stack>
  );
}

function ListCards({ lists, isOwner }: { lists: ReturnType<typeof visibleLists>; isOwner: boolean }) {
  if (lists.length === 0) {
    return <Text c="dimmed">{t(isOwner ? LIST_TEXTS.ownerNoLists : LIST_TEXTS.visitorNoLists)}</Text>;
  }
  return (
    <Stack gap="sm">
      {lists.map((list) => (
        <ListCard key={list.id} list={list} isOwner={isOwner} />
      ))}
    </Stack>
  );
}
