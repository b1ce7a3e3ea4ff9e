/**
 * Loaded once the page has loaded (main.tsx), so nothing here is on the first paint's path:
 * registers the service worker (built by vite.config.ts: the app shell, the basemap tiles seen and
 * fonts, for a revisit without a network) and shows a note while the browser is offline.
 */
import { t } from '../lib/i18n.ts';
import { whenIdle } from '../lib/idle.ts';

export const OFFLINE_NOTE_ID = 'atlas-offline-note';
export const OFFLINE_TEXT = 'You are offline. The map shows the places you have already seen.';
/** Where the built worker is served (vite-plugin-pwa's default name, at the site's root). */
export const SERVICE_WORKER_URL = '/sw.js';
/**
 * How long after the page has loaded the worker is registered (at the browser's next idle moment).
 * Its install downloads the whole app shell (≈ 2.6 MB, the map library among it): on a phone's
 * connection that must not compete with what the page itself still fetches then, the map library
 * and its first tiles (the map starts once the page has been quiet a few seconds:
 * lib/use-map-start.ts). A visit shorter than this registers it on the next one.
 */
export const SERVICE_WORKER_DELAY_MS = 10_000;

/** Shows the note when `online` is false, removes it when true. */
export function showOfflineNote(online: boolean, doc: Document = document): void {
  const existing = doc.getElementById(OFFLINE_NOTE_ID);
  if (online) {
    existing?.remove();
    return;
  }
  if (existing) return;
  const note = doc.createElement('div');
  note.id = OFFLINE_NOTE_ID;
  note.setAttribute('role', 'status');
  note.textContent = t(OFFLINE_TEXT);
  // Plain DOM with its own look, so this needs no stylesheet or component: a dark pill at the
  // bottom, above the map and the cards, readable in both colour schemes.
  Object.assign(note.style, {
    position: 'fixed',
    left: '50%',
    bottom: '16px',
    transform: 'translateX(-50%)',
    zIndex: '1000',
    maxWidth: 'calc(100vw - 32px)',
    padding: '8px 16px',
    borderRadius: '8px',
    background: '#212529',
    color: '#fff',
    font: '14px/1.4 system-ui, sans-serif',
    boxShadow: '0 2px 8px rgba(0, 0, 0, 0.3)',
    pointerEvents: 'none',
  });
  doc.body.append(note);
}

/**
 * Keeps the offline note current from now on, and registers the worker (when the browser has them)
 * SERVICE_WORKER_DELAY_MS later, at an idle moment.
 */
export function startOffline(win: Window = window): void {
  const { navigator } = win;
  if ('serviceWorker' in navigator) {
    // A refused registration (a browser that blocks workers, a private window) leaves the app
    // working online as before.
    const register = () =>
      void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
    win.setTimeout(() => whenIdle(register, 5000), SERVICE_WORKER_DELAY_MS);
  }
  const update = () => showOfflineNote(navigator.onLine, win.document);
  win.addEventListener('online', update);
  win.addEventListener('offline', update);
  update();
}
