import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SearchHit } from '#domain/search';
import { pages } from '#domain/pages';

/** Where a place from search is shown when it has no bounding box. */
export const PLACE_ZOOM = 11;

/** What a search pick asks of the explore screen (router state of a navigation to the explore page). */
export interface ExploreRequest {
  /** Move the map: to the box when given, else to the centre at `zoom`. */
  mapTarget?: { center: [number, number]; bbox?: [number, number, number, number]; zoom: number };
  /** Show only this style's buildings. */
  styleFilter?: number;
}

/** Reads an ExploreRequest from router state, ignoring anything else there. */
export function exploreRequestOf(state: unknown): ExploreRequest | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as ExploreRequest;
  if (s.mapTarget === undefined && s.styleFilter === undefined) return null;
  return s;
}

/**
 * A building opens its panel, an architect their page, a place flies the map there (to
 * its box when known), a style applies the style filter.
 */
export function useSearchPick(): (hit: SearchHit) => void {
  const navigate = useNavigate();
  return useCallback(
    (hit: SearchHit) => {
      switch (hit.type) {
        case 'building':
          void navigate(pages.building.href({ id: hit.id }));
          return;
        case 'architect':
          void navigate(pages.architect.href({ id: hit.id }));
          return;
        case 'place': {
          const request: ExploreRequest = {
            mapTarget: { center: hit.coordinates, ...(hit.bbox ? { bbox: hit.bbox } : {}), zoom: PLACE_ZOOM },
          };
          void navigate(pages.explore.href(), { state: request });
          return;
        }
        case 'style': {
          const request: ExploreRequest = { styleFilter: hit.id };
          void navigate(pages.explore.href(), { state: request });
          return;
        }
      }
    },
    [navigate],
  );
}
