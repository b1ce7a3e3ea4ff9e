import { useCallback, useEffect, useRef, useState } from 'react';
import { MAP_FETCH_DEBOUNCE_MS } from '#domain/constants';
import { boundsChanged, normalizeBounds, storeBounds, zoomParam, type MapBounds } from '../model/bounds.ts';

/** What the map and card queries are asked for. */
export interface FetchViewport {
  bounds: MapBounds;
  /** The map's zoom rounded down; null before the map has reported one (the server derives it). */
  zoom: number | null;
}

export interface FetchViewportState {
  viewport: FetchViewport;
  /** A move is waiting for its debounce: the data on screen is about to be replaced. */
  pending: boolean;
  /** The map calls this after every move with its bounds and zoom; true when the move counts. */
  report: (bounds: MapBounds, zoom: number) => boolean;
  /**
   * Replaces the viewport at once, before the map has reported one (a building page opened from
   * its link: the map will start at the building). May be called while rendering.
   */
  startAt: (viewport: FetchViewport) => void;
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Product §4: the viewport the buildings are fetched for. A move counts only when a side changes by
 * more than 0.001 (or the whole zoom level changes); it is remembered in local storage at once and
 * fetched 1000 ms after the last move.
 */
export function useFetchViewport(initial: FetchViewport): FetchViewportState {
  const [viewport, setViewport] = useState(initial);
  const [pending, setPending] = useState(false);
  const last = useRef<FetchViewport | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const report = useCallback((rawBounds: MapBounds, mapZoom: number) => {
    const next: FetchViewport = { bounds: normalizeBounds(rawBounds), zoom: zoomParam(mapZoom) };
    const previous = last.current;
    if (previous && !boundsChanged(previous.bounds, next.bounds) && previous.zoom === next.zoom) return false;
    last.current = next;
    storeBounds(browserStorage(), next.bounds, Date.now());
    setPending(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setViewport(next);
      setPending(false);
    }, MAP_FETCH_DEBOUNCE_MS);
    return true;
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { viewport, pending, report, startAt: setViewport };
}
