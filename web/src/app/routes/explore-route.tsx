import { useCallback } from 'react';
import { Outlet, useMatch, useNavigate } from 'react-router';
import { parseBuildingId, useBuilding } from '../../features/buildings/api/get-building.ts';
import { ExploreScreen } from '../../features/explore/components/explore-screen.tsx';
import classes from './explore-route.module.css';

/** The explore screen; /buildings/{id} renders its panel over the map through the outlet. */
export function ExploreRoute() {
  const navigate = useNavigate();
  const buildingMatch = useMatch('/buildings/:id');
  const buildingId = parseBuildingId(buildingMatch?.params.id);
  const building = useBuilding(buildingId);
  const openBuilding = useCallback((id: number) => void navigate(`/buildings/${id}`), [navigate]);

  return (
    <div className={classes.screen}>
      <ExploreScreen
        onOpenBuilding={openBuilding}
        selectedBuildingId={buildingId}
        focus={buildingMatch ? (building.data?.coordinates ?? null) : null}
      >
        <Outlet />
      </ExploreScreen>
    </div>
  );
}
