import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { UserLists } from '../../features/lists/components/user-lists.tsx';
import { UploadedBuildings } from '../../features/user-buildings/components/uploaded-buildings.tsx';

/** Product §2, user page Lists: 'Uploaded Buildings', then the user's lists. */
export function UserListsRoute() {
  const { handle = '' } = useParams();
  return (
    <Stack gap="xl">
      <UploadedBuildings handle={handle} />
      <UserLists handle={handle} />
    </Stack>
  );
}
