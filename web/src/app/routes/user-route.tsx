import { Navigate, Outlet, useParams } from 'react-router';
import { UserPage } from '../../features/user/components/user-page.tsx';

/**
 * /user/{handle}/*: the user page frame; the section comes from the child route, each its own
 * lazily loaded module (router.tsx), so a section downloads none of the others (issue 16).
 */
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
