import { useEffect, useState } from 'react';
import { whenIdle } from './idle.ts';

/**
 * How long a page must have been quiet (loaded, and no task over 50 ms) before its map starts
 * without being asked, on every screen: the map library's start (evaluating it, the WebGL
 * context, the first frames, whose compositor commit waits on the GPU) is a few long tasks even
 * on a desktop, so the page is left to answer its visitor first (docs/decisions).
 */
export const MAP_START_QUIET_MS = 3000;
/** A page that is never quiet that long starts its map this long after loading all the same. */
const LONGEST_WAIT_MS = 10_000;
/** Longest wait for an idle moment once the map may start. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * What says the visitor is about to use the page: the map starts at once. `pointermove` is a
 * mouse moving over the page (a touch screen sends it only after `pointerdown`): on a desktop
 * the map then starts as soon as the visitor reaches for it.
 */
const INPUTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * False until the page's map may start: at the visitor's first input (a touch, a click, a key, the
 * wheel, the mouse moving), or at the browser's first idle moment once the page has loaded (its `load` event) and
 * then run no task over 50 ms for `delayMs` (at most LONGEST_WAIT_MS after loading; 0: the first
 * idle moment after the screen has painted). The cards and the filters are
 * drawn and answer input first; the map's place shows the basemap's colour meanwhile. `ready`
 * false holds it back (a building's page waits for its panel).
 */
export function useMapStart(ready: boolean, delayMs: number): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!ready || started) return;
    const start = () => setStarted(true);
    const controller = new AbortController();
    for (const input of INPUTS)
      addEventListener(input, start, { capture: true, passive: true, once: true, signal: controller.signal });
    let wait: ReturnType<typeof setTimeout> | undefined;
    let longest: ReturnType<typeof setTimeout> | undefined;
    let cancelIdle: (() => void) | undefined;
    let longTasks: PerformanceObserver | undefined;
    const quiet = () => {
      longTasks?.disconnect();
      clearTimeout(wait);
      clearTimeout(longest);
      cancelIdle = whenIdle(start, IDLE_TIMEOUT_MS);
    };
    const afterLoad = () => {
      wait = setTimeout(quiet, delayMs);
      if (delayMs === 0) return;
      longest = setTimeout(quiet, LONGEST_WAIT_MS);
      // Every long task starts the quiet wait over.
      if (PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
        longTasks = new PerformanceObserver(() => {
          clearTimeout(wait);
          wait = setTimeout(quiet, delayMs);
        });
        longTasks.observe({ type: 'longtask' });
      }
    };
    if (delayMs === 0 || document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true, signal: controller.signal });
    return () => {
      controller.abort();
      longTasks?.disconnect();
      clearTimeout(wait);
      clearTimeout(longest);
      cancelIdle?.();
    };
  }, [ready, started, delayMs]);
  return started;
}

/**
 * Resolves in a new task, after what is waiting (input, a frame), so that the steps of a long job
 * are separate tasks: `scheduler.yield()` where there is one, a zero timeout otherwise.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
