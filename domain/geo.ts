/** A viewport: the map's north/south/east/west edges in degrees. */
export interface Viewport {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** A longitude range [min, max] with min <= max, both within [-180, 180]. */
export type LngRange = readonly [number, number];

/** Wraps any longitude into [-180, 180). */
export function wrapLng(lng: number): number {
  // Values already in range are returned as they are: the modulo below is not exact in floating point.
  if (lng >= -180 && lng < 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * The longitude ranges a viewport covers. A map that shows more than the whole world, or whose
 * edges come unwrapped (east beyond 180 after panning), is normalised; a viewport crossing the
 * antimeridian (west > east once wrapped) becomes two ranges.
 */
export function viewportLngRanges(v: Pick<Viewport, 'east' | 'west'>): LngRange[] {
  if (v.east - v.west >= 360) return [[-180, 180]];
  // An exact ±180 edge is kept as given so [-180, 180] stays whole.
  const west = v.west === 180 ? 180 : wrapLng(v.west);
  const east = v.east === 180 || (v.east > 180 && wrapLng(v.east) === -180) ? 180 : wrapLng(v.east);
  if (west <= east) return [[west, east]];
  return [
    [west, 180],
    [-180, east],
  ];
}
