import { useEffect, useState } from 'react';

/** Longest wait, for a page that draws no frame (a background tab draws none until shown). */
const FALLBACK_MS = 250;

/**
 * False for the component's first render, true once the browser has painted it (the task after
 * the next animation frame), counted from the first render with `ready` true. The explore screen
 * starts loading the map library then: the cards and the screen's frame are on the screen first,
 * and the library's 240 KB do not compete with the first card's picture for a slow phone's
 * bandwidth (LCP).
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    const done = () => setPainted(true);
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [ready, painted]);
  return painted;
}
