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

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two [lng, lat] points (haversine). */
export function distanceMeters(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A viewport holding every point within `meters` of a [lng, lat] point (a little more near the
 * poles); its longitudes may run past ±180 and go through viewportLngRanges like any viewport.
 */
export function viewportAround(point: readonly [number, number], meters: number): Viewport {
  const dLat = (meters / EARTH_RADIUS_M) * (180 / Math.PI);
  const edge = Math.abs(point[1]) + dLat;
  // Close to a pole every longitude is near.
  const dLng = edge >= 89.9 ? 180 : Math.min(180, dLat / Math.cos((edge * Math.PI) / 180));
  return {
    north: Math.min(90, point[1] + dLat),
    south: Math.max(-90, point[1] - dLat),
    east: point[0] + dLng,
    west: point[0] - dLng,
  };
}
