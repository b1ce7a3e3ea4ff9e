import { describe, expect, it, vi } from 'vitest';
import { LOCATE_MESSAGES, locate, locateFailure } from './locate.ts';

function fakeGeolocation(answer: { coords: [number, number] } | { code: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if ('coords' in answer) {
      ok({ coords: { longitude: answer.coords[0], latitude: answer.coords[1] } } as GeolocationPosition);
    } else {
      fail?.({ code: answer.code, message: '' } as GeolocationPositionError);
    }
  });
  const watchPosition = vi.fn();
  const geolocation = { getCurrentPosition, watchPosition, clearWatch: vi.fn() } as unknown as Geolocation;
  return { geolocation, getCurrentPosition, watchPosition };
}

describe('locate', () => {
  it("answers the browser's position as lng and lat, asking once", async () => {
    const geo = fakeGeolocation({ coords: [2.35, 48.85] });
    expect(await locate(geo.geolocation)).toEqual({ ok: true, lng: 2.35, lat: 48.85 });
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });

  it('says why when there is no position: refused, unavailable, too slow, or no geolocation at all', async () => {
    const failing = (code: number) => locate(fakeGeolocation({ code }).geolocation);
    expect(await failing(1)).toEqual({ ok: false, reason: 'refused' });
    expect(await failing(2)).toEqual({ ok: false, reason: 'unavailable' });
    expect(await failing(3)).toEqual({ ok: false, reason: 'timeout' });
    expect(await locate(undefined)).toEqual({ ok: false, reason: 'unavailable' });
    expect(locateFailure(99)).toBe('unavailable');
  });

  it('has a message for every failure that tells the visitor what to do', () => {
    expect(LOCATE_MESSAGES.refused).toMatch(/Allow location/);
    expect(Object.values(LOCATE_MESSAGES).every((m) => m.endsWith('.'))).toBe(true);
  });
});
