/**
 * Web Mercator on the unit square (0 at the west and north edges, 1 at the east and south), as
 * MapLibre and the basemap's tiles use it: the basemap generator places labels with it, the
 * explore screen computes the box a map of a given size shows.
 */
/** Latitudes beyond this do not fit the square (the map's own limit). */
export const MERCATOR_MAX_LATITUDE = 85.051129;

export function mercatorX(lng: number): number {
  return (lng + 180) / 360;
}

export function mercatorY(lat: number): number {
  const clamped = Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

export function longitudeOf(x: number): number {
  return x * 360 - 180;
}

export function latitudeOf(y: number): number {
  const n = Math.PI - 2 * Math.PI * Math.min(1, Math.max(0, y));
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}
