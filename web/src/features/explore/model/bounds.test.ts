import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FETCH_BOUNDS,
  boundsAround,
  SAVED_BOUNDS_STORAGE_KEY,
  boundsChanged,
  isBuildingVisible,
  isValidBounds,
  loadSavedBounds,
  normalizeBounds,
  readSavedBounds,
  savedBoundsRecord,
  storeBounds,
  zoomParam,
} from './bounds.ts';

const box = { north: 50, south: 40, east: 10, west: 0 };
const HOUR = 60 * 60 * 1000;

describe('default fetch bounds (product §9: north 85, south -85, east 180, west -180)', () => {
  it('is the product description box', () => {
    expect(DEFAULT_FETCH_BOUNDS).toEqual({ north: 85, south: -85, east: 180, west: -180 });
  });
});

describe('boundsChanged (product §4: a move counts only when a side changes by more than 0.001)', () => {
  it('counts the first bounds as a change', () => {
    expect(boundsChanged(null, box)).toBe(true);
  });

  it('ignores changes of 0.001 or less on every side', () => {
    expect(boundsChanged(box, { north: 50.001, south: 39.999, east: 10.0005, west: -0.001 })).toBe(false);
    expect(boundsChanged(box, box)).toBe(false);
  });

  it('counts a change of more than 0.001 on any one side', () => {
    expect(boundsChanged(box, { ...box, north: 50.0011 })).toBe(true);
    expect(boundsChanged(box, { ...box, south: 39.998 })).toBe(true);
    expect(boundsChanged(box, { ...box, east: 10.002 })).toBe(true);
    expect(boundsChanged(box, { ...box, west: -0.0015 })).toBe(true);
  });
});

describe('isValidBounds (product §4: north > south and east != west)', () => {
  it('accepts a normal box', () => {
    expect(isValidBounds(box)).toBe(true);
  });

  it('refuses north not above south, or east equal to west', () => {
    expect(isValidBounds({ ...box, north: 40 })).toBe(false);
    expect(isValidBounds({ ...box, north: 30 })).toBe(false);
    expect(isValidBounds({ ...box, east: 0 })).toBe(false);
  });

  it('refuses non-numbers', () => {
    expect(isValidBounds({ ...box, north: Number.NaN })).toBe(false);
    expect(isValidBounds({ ...box, east: Number.POSITIVE_INFINITY })).toBe(false);
  });
});

describe('saved bounds (product §4 and 9: remembered with a timestamp, used within 24 h when valid)', () => {
  const now = Date.UTC(2026, 0, 2);
  const saved = (timestamp: number, bounds = box) => JSON.stringify(savedBoundsRecord(bounds, timestamp));

  it('stores the four sides with a timestamp', () => {
    expect(savedBoundsRecord(box, now)).toEqual({ ...box, timestamp: now });
  });

  it('uses bounds saved less than 24 h ago', () => {
    expect(readSavedBounds(saved(now - 23 * HOUR), now)).toEqual(box);
    expect(readSavedBounds(saved(now), now)).toEqual(box);
  });

  it('forgets bounds 24 h old or older, or from the future', () => {
    expect(readSavedBounds(saved(now - 24 * HOUR), now)).toBeNull();
    expect(readSavedBounds(saved(now - 48 * HOUR), now)).toBeNull();
    expect(readSavedBounds(saved(now + HOUR), now)).toBeNull();
  });

  it('forgets invalid bounds', () => {
    expect(readSavedBounds(saved(now, { ...box, north: 10, south: 20 }), now)).toBeNull();
    expect(readSavedBounds(saved(now, { ...box, east: 5, west: 5 }), now)).toBeNull();
  });

  it('forgets anything unreadable', () => {
    expect(readSavedBounds(null, now)).toBeNull();
    expect(readSavedBounds('not json', now)).toBeNull();
    expect(readSavedBounds('42', now)).toBeNull();
    expect(readSavedBounds(JSON.stringify({ ...box }), now)).toBeNull();
    expect(readSavedBounds(JSON.stringify({ ...box, north: '50', timestamp: now }), now)).toBeNull();
  });

  it('round-trips through a storage and survives a storage that throws', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    };
    storeBounds(storage, box, now);
    expect(map.has(SAVED_BOUNDS_STORAGE_KEY)).toBe(true);
    expect(loadSavedBounds(storage, now + HOUR)).toEqual(box);

    storeBounds(storage, { ...box, north: 0 }, now + HOUR);
    expect(loadSavedBounds(storage, now + HOUR)).toEqual(box); // an invalid box is not stored

    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(() => storeBounds(broken, box, now)).not.toThrow();
    expect(loadSavedBounds(broken, now)).toBeNull();
    expect(loadSavedBounds(undefined, now)).toBeNull();
  });
});

describe('isBuildingVisible (product §4: visible within a 0.01 tolerance)', () => {
  it('counts points inside the bounds', () => {
    expect(isBuildingVisible(box, [5, 45])).toBe(true);
    expect(isBuildingVisible(box, [0, 40])).toBe(true);
  });

  it('counts points up to 0.01 outside an edge, not further', () => {
    expect(isBuildingVisible(box, [5, 50.01])).toBe(true);
    expect(isBuildingVisible(box, [5, 39.99])).toBe(true);
    expect(isBuildingVisible(box, [10.01, 45])).toBe(true);
    expect(isBuildingVisible(box, [-0.01, 45])).toBe(true);
    expect(isBuildingVisible(box, [5, 50.02])).toBe(false);
    expect(isBuildingVisible(box, [10.02, 45])).toBe(false);
    expect(isBuildingVisible(box, [-0.02, 45])).toBe(false);
  });

  it('handles unwrapped and antimeridian-crossing bounds', () => {
    const pacific = { north: 10, south: -10, east: 190, west: 170 };
    expect(isBuildingVisible(pacific, [-175, 0])).toBe(true);
    expect(isBuildingVisible(pacific, [175, 0])).toBe(true);
    expect(isBuildingVisible(pacific, [160, 0])).toBe(false);
    expect(isBuildingVisible({ north: 10, south: -10, east: -170, west: 170 + -360 }, [175, 0])).toBe(true);
  });

  it('counts every longitude when the view spans the world', () => {
    expect(isBuildingVisible({ north: 85, south: -85, east: 300, west: -300 }, [123, 0])).toBe(true);
  });
});

describe('normalizeBounds (bounds as the API takes them)', () => {
  it('keeps bounds already in range', () => {
    expect(normalizeBounds(box)).toEqual(box);
  });

  it('wraps an unwrapped view by whole turns', () => {
    expect(normalizeBounds({ north: 1, south: 0, east: 400, west: 380 })).toEqual({
      north: 1,
      south: 0,
      east: 40,
      west: 20,
    });
    expect(normalizeBounds({ north: 1, south: 0, east: -170, west: -190 })).toEqual({
      north: 1,
      south: 0,
      east: 190,
      west: 170,
    });
  });

  it('sends a view of the whole world as -180..180 and clamps latitudes', () => {
    expect(normalizeBounds({ north: 95, south: -95, east: 250, west: -250 })).toEqual({
      north: 90,
      south: -90,
      east: 180,
      west: -180,
    });
  });
});

describe('zoomParam (the map zoom rounded down)', () => {
  it('rounds down', () => {
    expect(zoomParam(3)).toBe(3);
    expect(zoomParam(3.99)).toBe(3);
    expect(zoomParam(0.2)).toBe(0);
  });
});

describe('boundsAround', () => {
  it('is the box a map of that size shows around the centre at that zoom', () => {
    // Zoom 0, 512 px square: the whole Mercator world.
    const world = boundsAround([0, 0], 0, 512, 512);
    expect(world.west).toBeCloseTo(-180, 6);
    expect(world.east).toBeCloseTo(180, 6);
    expect(world.north).toBeCloseTo(85.0511, 3);
    expect(world.south).toBeCloseTo(-85.0511, 3);
    // Zoom 16 at the Parthenon, 400 × 800 px: 400 px of 512·2^16 is 0.00429° of longitude.
    const b = boundsAround([23.7265, 37.9715], 16, 400, 800);
    expect(b.east - b.west).toBeCloseTo((400 / (512 * 2 ** 16)) * 360, 9);
    expect((b.east + b.west) / 2).toBeCloseTo(23.7265, 9);
    expect(b.north).toBeGreaterThan(37.9715);
    expect(b.south).toBeLessThan(37.9715);
    // Mercator: north of the centre a pixel spans fewer degrees than south of it.
    expect(b.north - 37.9715).toBeLessThan(37.9715 - b.south);
    expect(b.north - b.south).toBeCloseTo(
      (800 / (512 * 2 ** 16)) * 360 * Math.cos((37.9715 * Math.PI) / 180),
      5,
    );
  });

  it('wraps across the antimeridian as the API takes bounds', () => {
    const b = boundsAround([179.999, -16.5], 10, 1280, 800);
    expect(b.west).toBeGreaterThanOrEqual(-180);
    expect(b.west).toBeLessThan(180);
    expect(b.east).toBeGreaterThan(180);
  });
});
