import { useEffect, useRef } from 'react';
import { viewerKeyAction, type ViewerKeyAction, type ViewerKeyState } from '../model/viewer-keys.ts';

const CONTROLS =
  'button, a[href], [role="button"], [role="checkbox"], [role="radio"], [role="option"], [role="switch"]';

/**
 * Listens for the full view's keys on the window (product §2): Space, Left/Right, Escape; ignored
 * while typing (model/viewer-keys.ts). A handled key does nothing else (no page scroll). `state` is
 * read when the key is pressed.
 */
export function useViewerKeys(
  state: () => ViewerKeyState,
  onAction: (action: ViewerKeyAction) => void,
): void {
  const latest = useRef({ state, onAction });
  useEffect(() => {
    latest.current = { state, onAction };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const element = event.target instanceof HTMLElement ? event.target : null;
      const target = element && {
        tagName: element.tagName,
        isContentEditable: element.isContentEditable,
        isControl: element.closest(CONTROLS) !== null && element.closest('[data-image-index]') === null,
      };
      const action = viewerKeyAction(event.key, target, latest.current.state());
      if (!action) return;
      event.preventDefault();
      latest.current.onAction(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
