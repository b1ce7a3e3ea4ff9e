import { describe, expect, it } from 'vitest';
import {
  formatDistance,
  nearestNeighbourOrder,
  pathLength,
  twoOpt,
  walkingRoute,
  type RoutePoint,
  TWO_OPT_MAX_STOPS,
} from './walking-route.ts';

/** A seeded generator (mulberry32): the same "random" sets on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` points scattered over about 2 km × 2 km of Paris. */
function randomPoints(n: number, random: () => number): RoutePoint[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    lng: 2.33 + random() * 0.03,
    lat: 48.85 + random() * 0.02,
  }));
}

const ids = (points: readonly RoutePoint[]) => points.map((p) => p.id);

describe('walking route order (nearest neighbour improved by 2-opt)', () => {
  it('is never longer than nearest neighbour, keeps every stop once and the start first, on 200 random sets', () => {
    const random = seeded(42);
    let strictlyShorter = 0;
    for (let set = 0; set < 200; set++) {
      const points = randomPoints(2 + Math.floor(random() * 40), random);
      const startIndex = Math.floor(random() * points.length);
      const nn = nearestNeighbourOrder(points, startIndex);
      const route = walkingRoute(points, points[startIndex]!.id);
      expect(route.stops[0]!.id).toBe(points[startIndex]!.id);
      expect(ids(route.stops).sort((a, b) => a - b)).toEqual(ids(points));
      expect(route.totalMeters).toBeLessThanOrEqual(pathLength(nn) + 1e-6);
      if (route.totalMeters < pathLength(nn) - 1) strictlyShorter++;
    }
    // 2-opt does real work: most sets of many points get a shorter walk.
    expect(strictlyShorter).toBeGreaterThan(50);
  });

  it('is deterministic: the same points and start give the same order', () => {
    const points = randomPoints(30, seeded(7));
    const first = ids(walkingRoute(points, 12).stops);
    expect(ids(walkingRoute(points.slice(), 12).stops)).toEqual(first);
  });

  it('walks points on a line in line order from one end, and turns back from the middle', () => {
    // Ids 1..5 eastwards along a parallel, given shuffled.
    const line = [3, 1, 5, 2, 4].map((id) => ({ id, lng: 2 + id * 0.001, lat: 48.85 }));
    expect(ids(walkingRoute(line, 1).stops)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(walkingRoute(line, 5).stops)).toEqual([5, 4, 3, 2, 1]);
    const fromMiddle = ids(walkingRoute(line, 2).stops);
    expect(fromMiddle).toEqual([2, 1, 3, 4, 5]);
  });

  it('undoes a crossing that nearest neighbour leaves', () => {
    // A zig-zag: 1 (0,0), 2 (1,1), 3 (1,0), 4 (0,1) in degrees × 0.001 — walking 1,2,3,4 crosses itself.
    const p = (id: number, x: number, y: number) => ({ id, lng: x * 0.001, lat: y * 0.001 });
    const crossing = [p(1, 0, 0), p(2, 1, 1), p(3, 1, 0), p(4, 0, 1)];
    const improved = twoOpt(crossing);
    expect(pathLength(improved)).toBeLessThan(pathLength(crossing));
    expect(improved[0]!.id).toBe(1);
  });

  it('gives legs that add up to the total, and starts at the first point without a known start', () => {
    const points = randomPoints(8, seeded(3));
    const route = walkingRoute(points, 999);
    expect(route.stops[0]!.id).toBe(points[0]!.id);
    expect(route.legs[0]).toBe(0);
    expect(route.legs.reduce((a, b) => a + b, 0)).toBeCloseTo(route.totalMeters, 6);
    expect(route.totalMeters).toBeCloseTo(pathLength(route.stops), 6);
  });

  it('keeps the nearest-neighbour order of a list too long for 2-opt, and answers it quickly', () => {
    const points = randomPoints(TWO_OPT_MAX_STOPS + 1, seeded(11));
    const started = performance.now();
    const route = walkingRoute(points, points[0]!.id);
    expect(ids(route.stops)).toEqual(ids(nearestNeighbourOrder(points, 0)));
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('answers an empty list and a single stop with no distance', () => {
    expect(walkingRoute([])).toEqual({ stops: [], legs: [], totalMeters: 0 });
    const one = walkingRoute([{ id: 1, lng: 0, lat: 0 }]);
    expect(one).toEqual({ stops: [{ id: 1, lng: 0, lat: 0 }], legs: [0], totalMeters: 0 });
  });
});

describe('formatDistance', () => {
  it('shows metres below a kilometre, one decimal below ten, whole kilometres above', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(849.6)).toBe('850 m');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(12_600)).toBe('13 km');
  });
});
