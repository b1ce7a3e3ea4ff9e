/**
 * What the server sends the map pages besides the app (server/modules/pages/explore-frame.ts):
 * the explore screen's frame and its style (rendered from the app's components at build,
 * explore-frame.tsx), painted before the app runs, and the head's stylesheets as
 * preloads, so that neither they nor the scripts hold back that first paint.
 */
/** Id of the frame's element, and of its inline style (`-style`). */
export const FRAME_ID = 'atlas-shell';
const DEFERRED_STYLESHEET = 'link[rel="preload"][as="style"][data-atlas-stylesheet]';

/**
 * Applies the head's deferred stylesheets, each right after its preload (so the cascade keeps the
 * order the build gave them); resolves once they have loaded or failed. Nothing to do on other
 * pages, whose stylesheets are ordinary ones.
 */
export function applyDeferredStylesheets(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>(DEFERRED_STYLESHEET)].map((preload) => {
    const sheet = doc.createElement('link');
    sheet.rel = 'stylesheet';
    // Same CORS mode as the preload, or its answer could not be used.
    const crossOrigin = preload.getAttribute('crossorigin');
    if (crossOrigin !== null) sheet.setAttribute('crossorigin', crossOrigin);
    sheet.setAttribute('href', preload.getAttribute('href') ?? preload.href);
    const loaded = new Promise<void>((resolve) => {
      sheet.addEventListener('load', () => resolve(), { once: true });
      sheet.addEventListener('error', () => resolve(), { once: true });
    });
    preload.after(sheet);
    return loaded;
  });
  return Promise.all(pending).then(() => undefined);
}

/**
 * Removes the server's frame and its style: called in the app's first commit, before the browser
 * paints it. The style goes too: it repeats rules of the app's stylesheets after them, and would
 * win over the app's later rules of the same weight.
 */
export function removePageFrame(doc: Document = document): void {
  doc.getElementById(FRAME_ID)?.remove();
  doc.getElementById(`${FRAME_ID}-style`)?.remove();
}
