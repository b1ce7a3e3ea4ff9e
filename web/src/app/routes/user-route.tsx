import { useParams } from 'react-router';
import { UserPage } from '../../features/user/components/user-page.tsx';

export function UserRoute() {
  const { handle = '' } = useParams();
  return <UserPage handle={handle} />;
}
