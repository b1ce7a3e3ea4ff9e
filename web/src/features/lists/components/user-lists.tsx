import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useUserLists } from '../api/get-user-lists.ts';
import { LIST_TEXTS, visibleLists } from '../model/lists.ts';
import { CreateListForm } from './create-list-form.tsx';
import { ListCard } from './list-card.tsx';

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

  return (
    <Stack gap="md" component="section" aria-label="Lists">
      <Group justify="space-between">
        <Title order={2}>Lists</Title>
        {isOwner && (
          <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
            {LIST_TEXTS.createList}
          </Button>
        )}
      </Group>
      {lists.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{LIST_TEXTS.loadingLists}</Text>
        </Group>
      ) : lists.isError ? (
        <Text c="red" role="alert">
          {LIST_TEXTS.listsFailed}
        </Text>
      ) : (
        <ListCards lists={visibleLists(lists.data, isOwner)} isOwner={isOwner} />
      )}
      {isOwner && (
        <Modal
          opened={creating}
          onClose={create.close}
          title={LIST_TEXTS.createList}
          centered
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          {creating && <CreateListForm onCreated={create.close} onCancel={create.close} autoFocus />}
        </Modal>
      )}
    </Stack>
  );
}

function ListCards({ lists, isOwner }: { lists: ReturnType<typeof visibleLists>; isOwner: boolean }) {
  if (lists.length === 0) {
    return <Text c="dimmed">{isOwner ? LIST_TEXTS.ownerNoLists : LIST_TEXTS.visitorNoLists}</Text>;
  }
  return (
    <Stack gap="sm">
      {lists.map((list) => (
        <ListCard key={list.id} list={list} isOwner={isOwner} />
      ))}
    </Stack>
  );
}
