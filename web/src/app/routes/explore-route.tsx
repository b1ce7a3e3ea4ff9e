import { useCallback } from 'react';
import { Outlet, useMatch, useNavigate } from 'react-router';
import { parseBuildingId, useBuilding } from '../../features/buildings/api/get-building.ts';
import { ExploreMap } from '../../features/explore/components/explore-map.tsx';
import classes from './explore-route.module.css';

/** The explore screen; /buildings/{id} renders its panel over it through the outlet. */
export function ExploreRoute() {
  const navigate = useNavigate();
  const buildingMatch = useMatch('/buildings/:id');
  const building = useBuilding(parseBuildingId(buildingMatch?.params.id));
  const openBuilding = useCallback((id: number) => void navigate(`/buildings/${id}`), [navigate]);

  return (
    <div className={classes.screen}>
      <ExploreMap
        onOpenBuilding={openBuilding}
        focus={buildingMatch ? (building.data?.coordinates ?? null) : null}
      />
      <Outlet />
    </div>
  );
}
