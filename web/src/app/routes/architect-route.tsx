import { useParams } from 'react-router';
import { parseBuildingId } from '../../features/buildings/api/get-building.ts';
import { ArchitectPage } from '../../features/architects/components/architect-page.tsx';

/** /architects/{id}: loaded on demand (its own chunk). */
export function ArchitectRoute() {
  const { id } = useParams();
  // The same rule as a building id: a positive whole number.
  return <ArchitectPage id={parseBuildingId(id)} />;
}
