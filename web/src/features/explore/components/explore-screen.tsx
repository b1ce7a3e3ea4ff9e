import { useCallback, useMemo, useReducer, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MAP_MOBILE_MAX_WIDTH, MAP_START_ZOOM } from '#domain/constants';
import { BUILDINGS_PER_PAGE_DEFAULT } from '#domain/buildings';
import { useArchitecturalStyles } from '../../../lib/styles/get-architectural-styles.ts';
import { useBuildings } from '../api/get-buildings.ts';
import { useBuildingsGeojson } from '../api/get-buildings-geojson.ts';
import { useFetchViewport, type FetchViewport } from '../hooks/use-fetch-viewport.ts';
import { DEFAULT_FETCH_BOUNDS, loadSavedBounds, zoomParam, type MapBounds } from '../model/bounds.ts';
import { buildingFiltersOf, filtersReducer, initialFiltersState } from '../model/filters.ts';
import { BuildingCards } from './building-cards.tsx';
import { ExploreMap } from './explore-map.tsx';
import { FilterBar } from './filter-bar.tsx';
import classes from './explore-screen.module.css';

interface ExploreScreenProps {
  /** Opens a building's page (the app navigates to /buildings/{id}). */
  onOpenBuilding: (id: number) => void;
  /** The building whose page is open: highlighted on the map. */
  selectedBuildingId?: number | null;
  /** [lng, lat] to fly to (the open building). */
  focus?: readonly [number, number] | null;
  /** Drawn over the map, e.g. the building panel. */
  children?: ReactNode;
}

function savedBoundsOnce(): MapBounds | null {
  try {
    return loadSavedBounds(window.localStorage, Date.now());
  } catch {
    return null;
  }
}

/**
 * Spec 2, explore screen: filter bar, map and the cards of the buildings in view. Holds the
 * filters state and the hovered building (spec 3) that links a card and its marker.
 */
export function ExploreScreen({
  onOpenBuilding,
  selectedBuildingId = null,
  focus = null,
  children,
}: ExploreScreenProps) {
  const [savedBounds] = useState(savedBoundsOnce);
  const [initialViewport] = useState<FetchViewport>(() =>
    savedBounds
      ? { bounds: savedBounds, zoom: null }
      : { bounds: DEFAULT_FETCH_BOUNDS, zoom: zoomParam(MAP_START_ZOOM) },
  );
  const { viewport, pending, report } = useFetchViewport(initialViewport);
  const [filters, dispatch] = useReducer(filtersReducer, initialFiltersState);
  const [hoveredBuildingId, setHoveredBuildingId] = useState<number | null>(null);
  // Read at once, not after a first desktop render: the map should not start in the wrong layout.
  const narrow = useMediaQuery(`(max-width: ${MAP_MOBILE_MAX_WIDTH}px)`, false, {
    getInitialValueInEffect: false,
  });
  const styles = useArchitecturalStyles();

  const filterParams = useMemo(() => buildingFiltersOf(filters), [filters]);
  const geojson = useBuildingsGeojson({ ...viewport.bounds, zoom: viewport.zoom, ...filterParams });

  // The card page starts over whenever the viewport or the filters change.
  const listKey = JSON.stringify([viewport.bounds, filterParams]);
  const [pageState, setPageState] = useState({ key: listKey, page: 1 });
  const page = pageState.key === listKey ? pageState.page : 1;
  const list = useBuildings({
    ...viewport.bounds,
    ...filterParams,
    page,
    perPage: BUILDINGS_PER_PAGE_DEFAULT,
  });

  const highlightedIds = useMemo(
    () => [hoveredBuildingId, selectedBuildingId].filter((id): id is number => id !== null),
    [hoveredBuildingId, selectedBuildingId],
  );
  const onPageChange = useCallback((next: number) => setPageState({ key: listKey, page: next }), [listKey]);

  const settled = !pending && !geojson.isFetching && !geojson.isPlaceholderData;

  return (
    <Box className={classes.screen} data-narrow={narrow || undefined}>
      <FilterBar
        filters={filters}
        dispatch={dispatch}
        styles={styles.data ?? []}
        stylesLoading={styles.isPending}
      />
      <Box className={classes.body}>
        <Box className={classes.mapArea}>
          <ExploreMap
            data={geojson.data}
            error={geojson.isError}
            settled={settled}
            highlightedIds={highlightedIds}
            onHoverBuilding={setHoveredBuildingId}
            onOpenBuilding={onOpenBuilding}
            onViewChange={report}
            focus={focus}
            initialBounds={savedBounds}
          />
          {children}
        </Box>
        <Box className={classes.cards}>
          <BuildingCards
            cards={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            loading={list.isPending}
            error={list.isError}
            page={page}
            pages={list.data?.pages ?? 0}
            onPageChange={onPageChange}
            highlightedIds={highlightedIds}
            onHoverBuilding={setHoveredBuildingId}
            narrow={narrow}
          />
        </Box>
      </Box>
    </Box>
  );
}
