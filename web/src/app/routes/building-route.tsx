import { useLocation, useNavigate, useParams } from 'react-router';
import { parseBuildingId } from '../../features/buildings/api/get-building.ts';
import {
  BuildingPanel,
  type BuildingPanelSlots,
} from '../../features/buildings/components/building-panel.tsx';
import { addToListSlots, reportSlot, votesAndCommentsSlots } from './building-panel-slots.tsx';
import { buildingImagesSlot } from './building-images-slot.tsx';
import { pages } from '#domain/pages';

/**
 * Features that add to the building panel plug in here (product §2: vote faces, comments, Add to
 * List), e.g. `votes: (building) => <BuildingVoteFaces buildingId={building.id} ... />`.
 */
const buildingPanelSlots: BuildingPanelSlots = {
  ...votesAndCommentsSlots,
  ...addToListSlots,
  ...buildingImagesSlot,
  ...reportSlot,
};

export function BuildingRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  // Closing the panel keeps the explore view (filters, year, map) the URL holds.
  const { search } = useLocation();
  const goHome = () => void navigate({ pathname: pages.explore.href(), search });
  return (
    <BuildingPanel
      buildingId={parseBuildingId(id)}
      onClose={goHome}
      onDeleted={goHome}
      slots={buildingPanelSlots}
    />
  );
}
