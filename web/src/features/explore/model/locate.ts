/**
 * 'Near me' (the locate control on the explore map): asks the browser for the visitor's position
 * once and says plainly why when it cannot be had.
 */

/** The zoom the map centres on the visitor at (a neighbourhood), unless it is closer already. */
export const LOCATE_ZOOM = 14;

export const LOCATE_MESSAGES = {
  refused:
    'Your browser did not share your location. Allow location for this site in its settings to centre the map on you.',
  unavailable: 'Your location is not available on this device or browser.',
  timeout: 'Finding your location took too long. Please try again.',
} as const;

export type LocateFailure = keyof typeof LOCATE_MESSAGES;

export type LocateResult = { ok: true; lng: number; lat: number } | { ok: false; reason: LocateFailure };

/** GeolocationPositionError codes (the constants are on the error object, not in every DOM). */
const PERMISSION_DENIED = 1;
const TIMEOUT = 3;

/** Why a position could not be had, from a GeolocationPositionError's code. */
export function locateFailure(code: number): LocateFailure {
  if (code === PERMISSION_DENIED) return 'refused';
  if (code === TIMEOUT) return 'timeout';
  return 'unavailable';
}

/** The visitor's position, asked once (no tracking); never rejects. */
export function locate(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  timeoutMs = 15_000,
): Promise<LocateResult> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unavailable' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ ok: true, lng: position.coords.longitude, lat: position.coords.latitude }),
      (error) => resolve({ ok: false, reason: locateFailure(error.code) }),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
