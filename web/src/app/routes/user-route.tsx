import { Navigate, Outlet, useParams } from 'react-router';
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
