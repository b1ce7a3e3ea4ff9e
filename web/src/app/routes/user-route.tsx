import { Stack } from '@mantine/core';
import { Navigate, Outlet, useParams } from 'react-router';
import { UserLists } from '../../features/lists/components/user-lists.tsx';
import { RatedBuildings } from '../../features/user-buildings/components/rated-buildings.tsx';
import { UploadedBuildings } from '../../features/user-buildings/components/uploaded-buildings.tsx';
import { UserPage } from '../../features/user/components/user-page.tsx';
import { UserSettings } from '../../features/user/components/user-settings.tsx';

/** /user/{handle}/*: the user page frame; the section comes from the child route. */
export function UserRoute() {
  const { handle = '' } = useParams();
  return (
    <UserPage handle={handle}>
      <Outlet />
    </UserPage>
  );
}

/** /user/{handle} and unknown sub-paths go to the Lists section. */
export function UserIndexRedirect() {
  const { handle = '' } = useParams();
  return <Navigate to={`/user/${encodeURIComponent(handle)}/lists`} replace />;
}

export function UserSettingsRoute() {
  const { handle = '' } = useParams();
  return <UserSettings handle={handle} />;
}

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

/** Product §2, user page Buildings: the buildings the user rated. */
export function UserBuildingsRoute() {
  const { handle = '' } = useParams();
  return <RatedBuildings key={handle} handle={handle} />;
}
