/**
 * What the server sends the map pages besides the app (server/modules/pages/explore-shell.ts):
 * the explore screen's frame, painted before the app runs, and the head's stylesheets as
 * preloads, so that neither they nor the scripts hold back that first paint.
 */
const FRAME_ID = 'atlas-shell';
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

/** Removes the server's frame: called in the app's first commit, before the browser paints it. */
export function removePageFrame(doc: Document = document): void {
  doc.getElementById(FRAME_ID)?.remove();
}
