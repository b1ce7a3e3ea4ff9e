import { useNavigate, useParams } from 'react-router';
import { parseBuildingId } from '../../features/buildings/api/get-building.ts';
import { BuildingPanel } from '../../features/buildings/components/building-panel.tsx';

export function BuildingRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  return <BuildingPanel buildingId={parseBuildingId(id)} onClose={() => void navigate('/')} />;
}
