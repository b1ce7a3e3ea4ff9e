import { useEffect, useRef, useState, type RefObject } from 'react';
import { MAP_SCROLL_OVERLAY_MS } from '#domain/constants';

/** Product §2: a wheel zooms the map only with Ctrl (Cmd on Mac); trackpad pinches arrive with ctrlKey. */
export function isZoomWheel(event: Pick<WheelEvent, 'ctrlKey' | 'metaKey'>): boolean {
  return event.ctrlKey || event.metaKey;
}

/**
 * Holds back plain wheel events before they reach the map (a capture listener on an ancestor of
 * MapLibre's canvas container) and reports whether the '+ Scroll to zoom map' hint should show:
 * for 1.5 s after the last plain wheel.
 */
export function useScrollZoomGuard(element: RefObject<HTMLElement | null>): boolean {
  const [hintVisible, setHintVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const onWheel = (event: WheelEvent) => {
      if (isZoomWheel(event)) {
        clearTimeout(timer.current);
        setHintVisible(false);
        return;
      }
      event.stopPropagation();
      setHintVisible(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setHintVisible(false), MAP_SCROLL_OVERLAY_MS);
    };
    target.addEventListener('wheel', onWheel, { capture: true });
    return () => {
      target.removeEventListener('wheel', onWheel, { capture: true });
      clearTimeout(timer.current);
    };
  }, [element]);

  return hintVisible;
}
