import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { exploreSearch, parseExploreView, sameFilters, type ExploreView } from '../model/url-state.ts';

export interface ExploreUrl {
  /** The filters the URL holds now. */
  view: ExploreView;
  /**
   * Changes the filters: `push` makes a new history entry (a filter of the filter bar: Back
   * returns to the previous filters), else the current entry is replaced (the time slider's
   * year, whose play would leave an entry per decade; a style picked in search, whose
   * navigation made the entry). Nothing happens when the filters stay the same.
   */
  change: (change: (view: ExploreView) => ExploreView, push: boolean) => void;
}

/**
 * The explore filters kept in the URL of / and /buildings/{id} (model/url-state.ts). The URL is
 * their only copy: Back and Forward, and a link, give the screen its filters. The map keeps its
 * position there itself (hooks/use-camera-url.ts).
 */
export function useExploreUrl(): ExploreUrl {
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => parseExploreView(location.search), [location.search]);
  const change = useCallback(
    (update: (view: ExploreView) => ExploreView, push: boolean) => {
      const { pathname, search } = location;
      const next = update(view);
      // A filter-bar change at once, not in a transition: the bar shows the committed value in the
      // same event (a year box shows the year the URL now holds as soon as Enter is pressed). Not
      // for replacements, which may come from an effect (a style picked in search).
      if (!sameFilters(view, next))
        void navigate({ pathname, search: exploreSearch(next, search) }, { replace: !push, flushSync: push });
    },
    [navigate, location, view],
  );

  return { view, change };
}
