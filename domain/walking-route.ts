/**
 * Walking tours: a list's buildings in the order to walk them from a chosen start. The order is
 * the nearest-neighbour tour improved by 2-opt, over straight-line (great-circle) distance: a good
 * walk in a few milliseconds for a list's size, not the shortest one (that problem is NP-hard).
 * Pure and deterministic (ties go to the stop that came first in the list), so the route on the
 * screen and the GPX download agree. No zod here: the web imports it.
 */
import { distanceMeters } from './geo.ts';

export interface RoutePoint {
  id: number;
  lng: number;
  lat: number;
}

export interface WalkingRoute<T extends RoutePoint> {
  /** The stops in walking order, the start first. */
  stops: T[];
  /** legs[i]: metres from stop i - 1 to stop i (legs[0] is 0). */
  legs: number[];
  totalMeters: number;
}

/**
 * Above this many stops 2-opt is skipped (each pass compares every pair of legs, O(n²), and its
 * distance table holds n² numbers: 2 MB at 500): the nearest-neighbour order alone is kept, so
 * a huge list still answers at once.
 */
export const TWO_OPT_MAX_STOPS = 500;
/** Passes of 2-opt at most; each pass that improves nothing ends it sooner. */
const TWO_OPT_MAX_PASSES = 50;
/** An improvement smaller than this (metres) is rounding noise: ignoring it ends the loop. */
const EPSILON_M = 1e-6;

const dist = (a: RoutePoint, b: RoutePoint) => distanceMeters([a.lng, a.lat], [b.lng, b.lat]);

/** The length in metres of walking `points` in their order. */
export function pathLength(points: readonly RoutePoint[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += dist(points[i - 1]!, points[i]!);
  return total;
}

/** Nearest neighbour from points[startIndex]: always on to the closest stop not yet visited. */
export function nearestNeighbourOrder<T extends RoutePoint>(points: readonly T[], startIndex = 0): T[] {
  if (points.length === 0) return [];
  const left = points.slice();
  const [start] = left.splice(startIndex, 1);
  const order = [start!];
  while (left.length > 0) {
    const here = order[order.length - 1]!;
    let best = 0;
    let bestDistance = Infinity;
    left.forEach((p, i) => {
      const d = dist(here, p);
      if (d < bestDistance) {
        best = i;
        bestDistance = d;
      }
    });
    order.push(left.splice(best, 1)[0]!);
  }
  return order;
}

/**
 * 2-opt on an open path whose first stop stays first: reverses a stretch stops[i..k] whenever that
 * makes the walk shorter, until no reversal helps (or TWO_OPT_MAX_PASSES). Never longer than its input.
 */
export function twoOpt<T extends RoutePoint>(stops: readonly T[]): T[] {
  const path = stops.slice();
  const n = path.length;
  if (n < 4 || n > TWO_OPT_MAX_STOPS) return path;
  // Distances between the stops by their place in the input, computed once: a pass then only
  // looks them up. order[i] is the input place of the stop now at position i.
  const table = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) table[a * n + b] = table[b * n + a] = dist(stops[a]!, stops[b]!);
  }
  const order = Array.from({ length: n }, (_, i) => i);
  const d = (i: number, k: number) => table[order[i]! * n + order[k]!]!;
  for (let pass = 0; pass < TWO_OPT_MAX_PASSES; pass++) {
    let improved = false;
    for (let i = 1; i < n - 1; i++) {
      for (let k = i + 1; k < n; k++) {
        // The open end has no edge after the last stop: reversing a tail costs only its new join.
        const last = k === n - 1;
        const removed = d(i - 1, i) + (last ? 0 : d(k, k + 1));
        const added = d(i - 1, k) + (last ? 0 : d(i, k + 1));
        if (added < removed - EPSILON_M) {
          reverse(order, i, k);
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return order.map((i) => stops[i]!);
}

function reverse<T>(items: T[], from: number, to: number): void {
  for (let a = from, b = to; a < b; a++, b--) [items[a], items[b]] = [items[b]!, items[a]!];
}

/**
 * The walking order of `points` from the one with id `startId` (the first point when left out or
 * not among them), its legs and its length.
 */
export function walkingRoute<T extends RoutePoint>(points: readonly T[], startId?: number): WalkingRoute<T> {
  const startIndex = Math.max(0, startId === undefined ? 0 : points.findIndex((p) => p.id === startId));
  const stops = twoOpt(nearestNeighbourOrder(points, startIndex));
  const legs = stops.map((s, i) => (i === 0 ? 0 : dist(stops[i - 1]!, s)));
  return { stops, legs, totalMeters: legs.reduce((a, b) => a + b, 0) };
}

/** '850 m', '1.2 km', '12 km': a walk's length as the route view shows it. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  const km = meters / 1000;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}
