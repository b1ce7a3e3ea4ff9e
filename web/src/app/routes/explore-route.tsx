import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Outlet, useLocation, useMatch, useNavigate } from 'react-router';
import { parseBuildingId, useBuilding } from '../../features/buildings/api/get-building.ts';
import { ExploreScreen } from '../../features/explore/components/explore-screen.tsx';
import classes from './explore-route.module.css';
import { exploreRequestOf } from '../layout/search-pick.ts';
import { pageTitles } from '#domain/pages';
import { titleFromQuery, usePageTitle } from '../../lib/page-title.ts';
import { pages } from '#domain/pages';
import { t } from '../../lib/i18n.ts';

/** The explore screen; /buildings/{id} renders its panel over the map through the outlet. */
export function ExploreRoute() {
  const navigate = useNavigate();
  const buildingMatch = useMatch(pages.building.pattern);
  const buildingId = parseBuildingId(buildingMatch?.params.id);
  const building = useBuilding(buildingId);
  // The screen follows the building a render later, in a transition: its arrival shows the panel
  // and starts the map's queries, a render of the whole screen, and React Query's updates render
  // at once and in one task (useSyncExternalStore) where a transition is rendered in slices with
  // input answered between them. This render only swaps the deferred value.
  const shown = useDeferredValue(building);
  usePageTitle(
    buildingMatch
      ? titleFromQuery(buildingId !== null, building, (b) => pageTitles.building(b.name))
      : pageTitles.site,
  );
  // A page opened on a building shows its panel once the building has loaded, not first as a
  // spinner that then grows (on a phone the panel is a bottom sheet: growing moves it, a layout
  // shift of a quarter of the screen). Later openings show the panel's own spinner, and
  // so does a first request that failed (the retries may take seconds). The map loads once the
  // panel is drawn: its library must not compete with the building for a slow phone's bandwidth.
  const [panelShown, setPanelShown] = useState(false);
  const holdPanel = !panelShown && buildingMatch !== null && shown.isPending && shown.failureCount === 0;
  if (!panelShown && !holdPanel) setPanelShown(true);
  // A search pick (place or style) arrives as router state; the location key makes each pick new.
  const location = useLocation();
  const request = useMemo(() => {
    const r = exploreRequestOf(location.state);
    return r ? { key: location.key, ...r } : null;
  }, [location.state, location.key]);
  // The explore query (the year the map shows) stays when a building opens over the map.
  const { search } = location;
  const openBuilding = useCallback(
    (id: number) => void navigate({ pathname: pages.building.href({ id }), search }),
    [navigate, search],
  );

  const focus = buildingMatch ? (shown.data?.coordinates ?? null) : null;
  // The same element while its inputs are the same: React then skips the screen in the render
  // the building's arrival starts (it reads only the deferred building).
  const screen = useMemo(
    () => (
      <ExploreScreen
        onOpenBuilding={openBuilding}
        selectedBuildingId={buildingId}
        focus={focus}
        mapDeferred={holdPanel}
        request={request}
      >
        {holdPanel ? null : <Outlet />}
      </ExploreScreen>
    ),
    [openBuilding, buildingId, focus, holdPanel, request],
  );

  return (
    <div className={classes.screen}>
      {/* Every page has one <h1> (axe page-has-heading-one); the building page's is the building's name. */}
      {!buildingMatch && <h1 className={classes.visuallyHidden}>{t('Explore Buildings')}</h1>}
      {screen}
    </div>
  );
}
