import { Navigate, Outlet, useParams } from 'react-router';
import { UserPage } from '../../features/user/components/user-page.tsx';
import { useUser } from '../../features/user/api/get-user.ts';
import { pageTitles, userSectionHref } from '#domain/pages';
import { reportUser } from './report-actions.tsx';
import { titleFromQuery, usePageTitle } from '../../lib/page-title.ts';

/**
 * /user/{handle}/*: the user page frame; the section comes from the child route, each its own
 * lazily loaded module (router.tsx), so a section downloads none of the others.
 */
export function UserRoute() {
  const { handle = '' } = useParams();
  const user = useUser(handle);
  usePageTitle(titleFromQuery(true, user, (u) => pageTitles.user(u.handle)));
  return (
    <UserPage handle={handle} report={reportUser}>
      <Outlet />
    </UserPage>
  );
}

/** /user/{handle} and unknown sub-paths go to the Lists section. */
export function UserIndexRedirect() {
  const { handle = '' } = useParams();
  return <Navigate to={userSectionHref(handle, 'lists')} replace />;
}
