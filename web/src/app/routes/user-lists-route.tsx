import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { UserLists } from '../../features/lists/components/user-lists.tsx';
import { UploadedBuildings } from '../../features/user-buildings/components/uploaded-buildings.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

// Only the user themself sees their suggested edits: the section loads for them alone.
const MySuggestions = lazy(() =>
  import('../../features/buildings/components/revisions/my-suggestions.tsx').then((m) => ({
    default: m.MySuggestions,
  })),
);

/**
 * Product §2, user page Lists: 'Uploaded Buildings', then the user's lists; on one's own page,
 * also the edits one suggested and their outcome.
 */
export function UserListsRoute() {
  const { handle = '' } = useParams();
  const { user } = useAuth();
  return (
    <Stack gap="xl">
      <UploadedBuildings handle={handle} />
      <UserLists handle={handle} />
      {user?.handle === handle && (
        <Suspense fallback={null}>
          <MySuggestions handle={handle} />
        </Suspense>
      )}
    </Stack>
  );
}
