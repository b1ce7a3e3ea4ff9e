// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OFFLINE_NOTE_ID,
  OFFLINE_TEXT,
  SERVICE_WORKER_DELAY_MS,
  SERVICE_WORKER_URL,
  showOfflineNote,
  startOffline,
} from './offline.ts';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../lib/i18n.ts';

afterEach(() => {
  document.getElementById(OFFLINE_NOTE_ID)?.remove();
  vi.restoreAllMocks();
});

describe('the offline note', () => {
  it('shows once while offline, as a status the screen reader announces, and goes when back online', () => {
    showOfflineNote(false);
    showOfflineNote(false);
    const notes = document.querySelectorAll(`#${OFFLINE_NOTE_ID}`);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.getAttribute('role')).toBe('status');
    expect(notes[0]?.textContent).toBe(OFFLINE_TEXT);
    expect(OFFLINE_TEXT).toMatch(/^You are offline/);
    showOfflineNote(true);
    expect(document.getElementById(OFFLINE_NOTE_ID)).toBeNull();
  });

  it('follows the browser going offline and online, and registers the service worker at the root some seconds later', async () => {
    vi.useFakeTimers();
    const register = vi.fn(() => Promise.reject(new Error('blocked')));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    startOffline();
    // Not while the page may still be fetching the map and its tiles.
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // At the next idle moment (at most 5 s later).
    vi.advanceTimersByTime(5000);
    vi.useRealTimers();
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    // A refused registration is swallowed (the app works online without it).
    await Promise.resolve();
    expect(document.getElementById(OFFLINE_NOTE_ID)).toBeNull();
    online.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(document.getElementById(OFFLINE_NOTE_ID)?.textContent).toBe(OFFLINE_TEXT);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(document.getElementById(OFFLINE_NOTE_ID)).toBeNull();
  });
});

describe('the offline note in French', () => {
  it("says it in the page's language", () => {
    setCatalogue('fr', fr);
    showOfflineNote(false);
    expect(document.getElementById(OFFLINE_NOTE_ID)?.textContent).toBe(
      'Vous êtes hors ligne. La carte montre les lieux que vous avez déjà vus.',
    );
  });
});
