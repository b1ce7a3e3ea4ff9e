import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Box } from '@mantine/core';
import {
  BUILDING_FLY_TO_ZOOM,
  BUILDINGS_PER_PAGE_DEFAULT,
  MAP_MOBILE_MAX_WIDTH,
  MAP_START_ZOOM,
} from '#domain/constants';
import type { ExportFormat } from '#domain/export-formats';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { catalogueExportHref, type CatalogueExportFilters } from '../../../lib/export/export-links.ts';
import { useArchitecturalStyles } from '../../../lib/styles/get-architectural-styles.ts';
import { useBuildings } from '../api/get-buildings.ts';
import { useBuildingsGeojson } from '../api/get-buildings-geojson.ts';
import { MapPlaceholder } from '../../../lib/map/map-placeholder.tsx';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint.ts';
import { MAP_START_QUIET_MS, useMapStart } from '../../../lib/use-map-start.ts';
import { useMaxWidth } from '../../../lib/use-max-width.ts';
import { useFetchViewport, type FetchViewport } from '../hooks/use-fetch-viewport.ts';
import {
  boundsAround,
  DEFAULT_FETCH_BOUNDS,
  loadSavedBounds,
  zoomParam,
  type MapBounds,
} from '../model/bounds.ts';
import { buildingFiltersOf, filtersReducer, type FiltersAction } from '../model/filters.ts';
import { useExploreUrl } from '../hooks/use-explore-url.ts';
import { BuildingCards } from './building-cards.tsx';
import type { CardOrder } from './card-order.tsx';
import type { MapTarget } from './explore-map.tsx';
import { FilterBar } from './filter-bar.tsx';
import { TimeControl } from './time-control.tsx';
import classes from './explore-screen.module.css';
import { t } from '../../../lib/i18n.ts';

/**
 * The map and its library (about 290 KB compressed) load after the screen's shell: the navigation,
 * the filter bar and the card list paint and answer input first. The map starts at the visitor's
 * first input (on a desktop, the mouse moving over the page), or once the page has loaded and been
 * left alone a moment (useMapStart), on every screen. The map area's size comes from the layout,
 * not from the map, so nothing moves when it arrives.
 */
const ExploreMap = lazy(() => import('./explore-map.tsx').then((m) => ({ default: memo(m.ExploreMap) })));
/** The cards' order select, after the first paint too ('Near me'). */
const CardOrderSelect = lazy(() => import('./card-order.tsx').then((m) => ({ default: m.CardOrderSelect })));

interface ExploreScreenProps {
  /** Opens a building's page (the app navigates to /buildings/{id}). */
  onOpenBuilding: (id: number) => void;
  /** The building whose page is open: highlighted on the map. */
  selectedBuildingId?: number | null;
  /** [lng, lat] to fly to (the open building). */
  focus?: readonly [number, number] | null;
  /** Drawn over the map, e.g. the building panel. */
  children?: ReactNode;
  /**
   * Something picked in search: move the map to a place, or filter by a style. A new
   * `key` is a new request, even for the same place.
   */
  request?: ExploreRequest | null;
  /** True while what the page opened on is still to be drawn (a building's panel): the map waits. */
  mapDeferred?: boolean;
  /**
   * The layout, when not the window's (product §9): the frame drawn at build time
   * (web/src/app/explore-frame.tsx) holds both, and has no window to ask.
   */
  layout?: 'narrow' | 'wide';
}

export interface ExploreRequest {
  key: string;
  mapTarget?: Omit<MapTarget, 'key'>;
  styleFilter?: number;
}

const mapPlaceholder = <MapPlaceholder className={classes.mapPlaceholder} />;
// The screen's parts skip a render of the screen whose props for them are the same (a query's
// answer, a hovered card): each is a tree of Mantine components, some with floating popovers.
const FilterBarOnce = memo(FilterBar);
const TimeControlOnce = memo(TimeControl);
const ExportMenuOnce = memo(ExportMenu);
const BuildingCardsOnce = memo(BuildingCards);
const noStyles: never[] = [];
const noCards: never[] = [];

function savedBoundsOnce(): MapBounds | null {
  try {
    return loadSavedBounds(window.localStorage, Date.now());
  } catch {
    return null;
  }
}

/**
 * Product §2, explore screen: filter bar, map and the cards of the buildings in view. Holds the
 * filters state and the hovered building (product §3) that links a card and its marker.
 */
export function ExploreScreen({
  onOpenBuilding,
  selectedBuildingId = null,
  focus = null,
  children,
  request = null,
  mapDeferred = false,
  layout,
}: ExploreScreenProps) {
  // The URL holds the filters, the year and the map's position (model/url-state.ts).
  const { view, change } = useExploreUrl();
  // A position from the URL (a shared link) is the map's (hooks/use-camera-url.ts): it opens
  // there and reports it, and the queries follow as after any move.
  const [savedBounds] = useState(savedBoundsOnce);
  const [initialViewport] = useState<FetchViewport>(() =>
    savedBounds
      ? { bounds: savedBounds, zoom: null }
      : { bounds: DEFAULT_FETCH_BOUNDS, zoom: zoomParam(MAP_START_ZOOM) },
  );
  const { viewport, pending, report, startAt } = useFetchViewport(initialViewport);
  // A page opened on a building (its link) asks for nothing until the building is here, then for
  // the view the map will open on (the building at zoom 16, docs/decisions), not for the world.
  const [openingOnBuilding, setOpeningOnBuilding] = useState(mapDeferred);
  if (openingOnBuilding && !mapDeferred) {
    setOpeningOnBuilding(false);
    if (focus) {
      startAt({
        bounds: boundsAround(focus, BUILDING_FLY_TO_ZOOM, window.innerWidth, window.innerHeight),
        zoom: zoomParam(BUILDING_FLY_TO_ZOOM),
      });
    }
  }
  const queriesHeld = openingOnBuilding && mapDeferred;
  // The URL's view is the filter bar's state (model/url-state.ts).
  const filters = view;
  // Each change of the filters is a new history entry: Back returns to the previous filters.
  const dispatch = useCallback(
    (action: FiltersAction) => change((v) => ({ ...v, ...filtersReducer(v, action) }), true),
    [change],
  );
  const [hoveredBuildingId, setHoveredBuildingId] = useState<number | null>(null);
  // Read at once: the map should not start in the wrong layout.
  const narrowWindow = useMaxWidth(MAP_MOBILE_MAX_WIDTH);
  const narrow = layout === undefined ? narrowWindow : layout === 'narrow';
  // What the queries answer is shown a render later, in a transition (useDeferredValue): React
  // Query's updates render at once and in one task (useSyncExternalStore), a transition in slices
  // with input answered between them. The render an answer starts then only swaps the deferred
  // values, and the memoised parts below (filter bar, cards, map) skip it.
  const styles = useDeferredValue(useArchitecturalStyles());
  const mapMayLoad = useAfterFirstPaint(!mapDeferred);
  const mapStarted = useMapStart(!mapDeferred, MAP_START_QUIET_MS);

  const requestKey = request?.key;
  const requestedStyle = request?.styleFilter;
  useEffect(() => {
    // The search pick's navigation made the history entry: the style goes into it.
    if (requestKey !== undefined && requestedStyle !== undefined) {
      change((v) => ({ ...v, styles: [requestedStyle] }), false);
    }
  }, [requestKey, requestedStyle, change]);
  const mapTarget = useMemo(
    () => (request?.mapTarget ? { ...request.mapTarget, key: request.key } : null),
    [request],
  );

  // The time slider's year replaces the entry (playing would leave one entry per decade).
  const { standingInYear } = view;
  const setStandingInYear = useCallback(
    (year: number | null) => change((v) => ({ ...v, standingInYear: year }), false),
    [change],
  );

  const filterParams = useMemo(
    () => ({ ...buildingFiltersOf(filters), standingInYear }),
    [filters, standingInYear],
  );
  const geojsonNow = useBuildingsGeojson(
    { ...viewport.bounds, zoom: viewport.zoom, ...filterParams },
    { enabled: !queriesHeld },
  );
  const geojson = useDeferredValue(geojsonNow);
  const refetchGeojson = geojsonNow.refetch;
  const onRetry = useCallback(() => void refetchGeojson(), [refetchGeojson]);

  // The card page starts over whenever the viewport, the filters or the order change.
  const [sortBy, setSortBy] = useState<CardOrder>();
  const listKey = JSON.stringify([viewport.bounds, filterParams, sortBy]);
  const [pageState, setPageState] = useState({ key: listKey, page: 1 });
  const page = pageState.key === listKey ? pageState.page : 1;
  const listNow = useBuildings(
    {
      ...viewport.bounds,
      ...filterParams,
      page,
      perPage: BUILDINGS_PER_PAGE_DEFAULT,
      // The server measures from the viewport's centre (the map's).
      sortBy,
    },
    { enabled: !queriesHeld },
  );
  const list = useDeferredValue(listNow);

  const highlightedIds = useMemo(
    () => [hoveredBuildingId, selectedBuildingId].filter((id): id is number => id !== null),
    [hoveredBuildingId, selectedBuildingId],
  );
  const onPageChange = useCallback((next: number) => setPageState({ key: listKey, page: next }), [listKey]);

  // The export links carry the filters and the year; the second pair also the map's view.
  const exportGroups = useMemo(() => {
    const all: CatalogueExportFilters = filterParams;
    const inView: CatalogueExportFilters = { ...filterParams, bounds: viewport.bounds };
    return [
      { label: t('All matching buildings'), href: (f: ExportFormat) => catalogueExportHref(f, all) },
      { label: t("In the map's view"), href: (f: ExportFormat) => catalogueExportHref(f, inView) },
    ];
  }, [filterParams, viewport.bounds]);

  const settled = !pending && !geojson.isFetching && !geojson.isPlaceholderData;
  const orderControl = useMemo(
    () =>
      mapMayLoad && (
        <Suspense>
          <CardOrderSelect value={sortBy} onChange={setSortBy} />
        </Suspense>
      ),
    [mapMayLoad, sortBy],
  );

  return (
    <Box className={classes.screen} data-narrow={narrow || undefined}>
      <div className={classes.toolbar}>
        <FilterBarOnce
          filters={filters}
          dispatch={dispatch}
          styles={styles.data ?? noStyles}
          stylesLoading={styles.isPending}
          collapsible={narrow}
        />
        <div className={classes.exportSlot}>
          <ExportMenuOnce ariaLabel={t('Export buildings')} groups={exportGroups} />
        </div>
      </div>
      <TimeControlOnce year={standingInYear} onChange={setStandingInYear} />
      <Box className={classes.body}>
        <Box className={classes.mapArea}>
          <Suspense fallback={mapPlaceholder}>
            {mapStarted ? (
              <ExploreMap
                data={geojson.data}
                error={geojson.isError}
                settled={settled}
                highlightedIds={highlightedIds}
                onHoverBuilding={setHoveredBuildingId}
                onOpenBuilding={onOpenBuilding}
                onViewChange={report}
                focus={focus}
                target={mapTarget}
                initialBounds={savedBounds}
                onRetry={onRetry}
              />
            ) : (
              mapPlaceholder
            )}
          </Suspense>
          {children}
        </Box>
        <Box className={classes.cards}>
          <BuildingCardsOnce
            cards={list.data?.items ?? noCards}
            total={list.data?.total ?? 0}
            totalExact={list.data?.total_exact ?? true}
            loading={list.isPending}
            error={list.isError}
            page={page}
            pages={list.data?.pages ?? 0}
            onPageChange={onPageChange}
            highlightedIds={highlightedIds}
            onHoverBuilding={setHoveredBuildingId}
            narrow={narrow}
            orderControl={orderControl}
          />
        </Box>
      </Box>
    </Box>
  );
}
