type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `callback` at the browser's next idle moment, at most `timeoutMs` later (at once where the
 * browser has no `requestIdleCallback`); returns what cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  const view = window as IdleWindow;
  if (!view.requestIdleCallback) {
    callback();
    return () => {};
  }
  const handle = view.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => view.cancelIdleCallback?.(handle);
}
