import { describe, expect, it, vi } from 'vitest';
import { LOCATE_MESSAGES, locate, locateFailure } from './locate.ts';

function fakeGeolocation(answer: { coords: [number, number] } | { code: number }): Geolocation {
  return {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      if ('coords' in answer) {
        ok({ coords: { longitude: answer.coords[0], latitude: answer.coords[1] } } as GeolocationPosition);
      } else {
        fail?.({ code: answer.code, message: '' } as GeolocationPositionError);
      }
    }),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  } as unknown as Geolocation;
}

describe('locate', () => {
  it("answers the browser's position as lng and lat, asking once", async () => {
    const geo = fakeGeolocation({ coords: [2.35, 48.85] });
    expect(await locate(geo)).toEqual({ ok: true, lng: 2.35, lat: 48.85 });
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });

  it('says why when there is no position: refused, unavailable, too slow, or no geolocation at all', async () => {
    expect(await locate(fakeGeolocation({ code: 1 }))).toEqual({ ok: false, reason: 'refused' });
    expect(await locate(fakeGeolocation({ code: 2 }))).toEqual({ ok: false, reason: 'unavailable' });
    expect(await locate(fakeGeolocation({ code: 3 }))).toEqual({ ok: false, reason: 'timeout' });
    expect(await locate(undefined)).toEqual({ ok: false, reason: 'unavailable' });
    expect(locateFailure(99)).toBe('unavailable');
  });

  it('has a message for every failure that tells the visitor what to do', () => {
    expect(LOCATE_MESSAGES.refused).toMatch(/Allow location/);
    expect(Object.values(LOCATE_MESSAGES).every((m) => m.endsWith('.'))).toBe(true);
  });
});
