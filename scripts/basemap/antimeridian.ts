/**
 * Spherical (d3-wound) shapes to flat longitude/latitude geometry, cut at ±180°.
 *
 * world-atlas shapes are drawn for d3's globe: Russia, Fiji and Antarctica cross the antimeridian,
 * and a flat tiler joins their two sides by a band across the whole map. d3-geo's projection
 * stream clips at the antimeridian; an equirectangular projection of scale 180/π puts x = lng and
 * y = −lat, so its output is the cut geometry in degrees. Rings come back d3-wound (exterior
 * clockwise), are grouped into polygons here, and rewound as RFC 7946 asks (exterior
 * counter-clockwise) with @mapbox/geojson-rewind.
 */
import { geoEquirectangular, geoStream, type GeoPermissibleObjects } from 'd3-geo';
import rewind from '@mapbox/geojson-rewind';
import type { LineString, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';

const flat = geoEquirectangular()
  .scale(180 / Math.PI)
  .translate([0, 0])
  .precision(0);

interface Collected {
  rings: Position[][];
  lines: Position[][];
}

function collect(object: GeoPermissibleObjects): Collected {
  const out: Collected = { rings: [], lines: [] };
  let inPolygon = false;
  let current: Position[] = [];
  const stream = flat.stream({
    point(x: number, y: number) {
      current.push([clampLng(x), -y]);
    },
    lineStart() {
      current = [];
    },
    lineEnd() {
      if (inPolygon) {
        if (current.length >= 3) out.rings.push(closed(current));
      } else if (current.length >= 2) {
        out.lines.push(current);
      }
      current = [];
    },
    polygonStart() {
      inPolygon = true;
    },
    polygonEnd() {
      inPolygon = false;
    },
    sphere() {},
  });
  geoStream(object, stream);
  return out;
}

function clampLng(x: number): number {
  // Rounding noise at the cut: keep the seam exactly on ±180.
  if (x > 180 - 1e-9) return 180;
  if (x < -180 + 1e-9) return -180;
  return x;
}

function closed(ring: Position[]): Position[] {
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}

/** Shoelace area in degrees² with y up: positive counter-clockwise. */
export function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    sum += (xj! - xi!) * (yj! + yi!);
  }
  return sum / 2;
}

function contains(ring: Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
}

/** A spherical polygon or multipolygon, cut at ±180°, as a flat MultiPolygon (RFC 7946 winding). */
export function cutPolygons(geometry: Polygon | MultiPolygon): MultiPolygon {
  const { rings } = collect(geometry);
  // d3 winds exteriors clockwise: with y up (lat) their shoelace area is negative.
  const exteriors: { ring: Position[]; area: number; holes: Position[][] }[] = [];
  const holes: Position[][] = [];
  for (const ring of rings) {
    const area = signedArea(ring);
    if (area < 0) exteriors.push({ ring, area: -area, holes: [] });
    else if (area > 0) holes.push(ring);
  }
  exteriors.sort((a, b) => a.area - b.area);
  for (const hole of holes) {
    const owner = exteriors.find((e) => contains(e.ring, hole[0]!));
    owner?.holes.push(hole);
  }
  const multi: MultiPolygon = {
    type: 'MultiPolygon',
    coordinates: exteriors.map((e) => [e.ring, ...e.holes]),
  };
  return rewind(multi, false);
}

/** Spherical lines, cut at ±180°, as a flat MultiLineString. */
export function cutLines(geometry: LineString | MultiLineString): MultiLineString {
  return { type: 'MultiLineString', coordinates: collect(geometry).lines };
}
