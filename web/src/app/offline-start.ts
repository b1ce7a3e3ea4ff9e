/** Imported once the page has loaded (main.tsx): starts the service worker and the offline note. */
import { startOffline } from './offline.ts';

startOffline();
