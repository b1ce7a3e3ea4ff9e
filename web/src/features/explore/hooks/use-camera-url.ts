import { useCallback, useEffect, useMemo, useRef } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';
import { cameraOf, formatCamera, withCamera } from '../model/camera-url.ts';
import type { MapCamera } from '../model/url-state.ts';

/** How long the map must rest before its position replaces the URL's. */
export const CAMERA_URL_DEBOUNCE_MS = 300;

export interface CameraUrl {
  /** The position the URL holds (`?map=zoom/lat/lng`), or null. */
  camera: MapCamera | null;
  /**
   * The map came to rest at `camera`: written into the URL, replacing its history entry, after
   * CAMERA_URL_DEBOUNCE_MS, once the user has moved the map or the URL holds a position already
   * (a page nobody moved keeps its plain address).
   */
  cameraMoved: (camera: MapCamera, byUser: boolean) => void;
}

/** The map's side of the explore URL (model/camera-url.ts); in the map's lazily loaded module. */
export function useCameraUrl(): CameraUrl {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const camera = useMemo(() => cameraOf(location.search), [location.search]);
  const latest = useRef(location);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    latest.current = location;
    // Back or Forward: a position from before belongs to the entry that was left.
    if (navigationType === NavigationType.Pop) clearTimeout(timer.current);
  }, [location, navigationType]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const cameraMoved = useCallback(
    (at: MapCamera, byUser: boolean) => {
      clearTimeout(timer.current);
      const inUrl = cameraOf(latest.current.search);
      if (!byUser && !inUrl) return;
      if (inUrl && formatCamera(inUrl) === formatCamera(at)) return;
      timer.current = setTimeout(() => {
        const { pathname, search } = latest.current;
        const to = { pathname, search: withCamera(search, at) };
        latest.current = { ...latest.current, ...to };
        // No router state: a search pick's request must not be made again by this entry.
        void navigate(to, { replace: true });
      }, CAMERA_URL_DEBOUNCE_MS);
    },
    [navigate],
  );

  return { camera, cameraMoved };
}
