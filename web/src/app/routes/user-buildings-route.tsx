import { useParams } from 'react-router';
import { RatedBuildings } from '../../features/user-buildings/components/rated-buildings.tsx';

/** Product §2, user page Buildings: the buildings the user rated. */
export function UserBuildingsRoute() {
  const { handle = '' } = useParams();
  return <RatedBuildings key={handle} handle={handle} />;
}
