/**
 * Where a locator picture looks: pure functions from a point and the world's
 * country shapes to a frame, a projection fitted to the picture.
 *
 * - The country containing the point (or, within COAST_TOLERANCE_DEG of a coast, the nearest
 *   one: Natural Earth 1:50m misses piers and small islands) is framed by its *part*: the polygon
 *   holding the point plus the parts close to it, so mainland USA is not shrunk to fit Alaska and
 *   Hawaii, and a point in Alaska frames Alaska.
 * - Small parts are framed with at least MIN_RADIUS_DEG of land and sea around them, so the
 *   Vatican or Singapore shows as a shape among its neighbours, not as a speck in a void.
 * - The projection is Lambert's azimuthal equal-area centred on the frame: no cut at ±180° (Fiji,
 *   Russia's Chukotka, the Aleutians are whole) and little distortion near the centre.
 * - In the sea (no country near), the frame is a globe centred on the point.
 *
 * A frame depends on the country part (or, at sea, the point rounded to SEA_STEP_DEG) and never on
 * the exact point, so all the buildings of one country part share one frame (and its cache entry).
 */
import {
  geoAzimuthalEqualArea,
  geoBounds,
  geoCentroid,
  geoCircle,
  geoContains,
  geoDistance,
  geoOrthographic,
  type GeoProjection,
} from 'd3-geo';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { CountryFeature } from '../../geo/world.ts';

/** The picture in SVG units (viewBox): twice the CSS size of LOCATOR_SIZE (half-pixel precision). */
export const FRAME = { width: 400, height: 240 } as const;

/**
 * Where the framed shape goes: the middle of the picture. Cards crop the picture to their own
 * shape (`object-fit: cover`: the explore card is narrower, the user page's card is wider), and
 * what lies outside this box is context (neighbours, sea) that may be cut without loss.
 */
export const SAFE_BOX = { x0: 60, y0: 30, x1: 340, y1: 210 } as const;

/** The least radius (degrees) around a part's centre that a frame shows. */
export const MIN_RADIUS_DEG = 0.8;
/** How far off a coast (degrees, ≈ 33 km) a point still belongs to the country there. */
export const COAST_TOLERANCE_DEG = 0.3;
/** Other parts of the country are framed with its main part when this close off its coast (× its radius). */
export const NEAR_PARTS_FACTOR = 0.15;
/** …and always when within this many degrees (an archipelago such as Fiji shows whole). */
export const NEAR_PARTS_MIN_DEG = 3;
/** Sea frames are centred on the point rounded to this step (degrees): near points share a frame. */
export const SEA_STEP_DEG = 15;

const RAD = 180 / Math.PI;

/** One polygon of a country, with what the framing needs to know about it. */
export interface CountryPart {
  /** Index of the country in the shapes list. */
  country: number;
  /** Index of the part among the country's polygons. */
  index: number;
  polygon: Polygon;
  /** [[west, south], [east, north]] in degrees; west > east when the part crosses ±180°. */
  bounds: [[number, number], [number, number]];
  /** Spherical centroid [lng, lat]. */
  centroid: [number, number];
  /** Largest distance (degrees) from the centroid to a vertex. */
  radius: number;
}

export interface CountryIndex {
  countries: readonly CountryFeature[];
  /** Parts by country, in the order of the country's polygons. */
  parts: readonly (readonly CountryPart[])[];
  /** All parts, for lookups. */
  all: readonly CountryPart[];
}

function polygonsOf(f: CountryFeature): Position[][][] {
  return f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
}

/** Distance in degrees between two [lng, lat] points. */
export const distanceDeg = (a: Position, b: Position): number =>
  geoDistance(a as [number, number], b as [number, number]) * RAD;

/** Describes every polygon of every country once (bounds, centroid, radius). */
export function indexCountries(countries: readonly CountryFeature[]): CountryIndex {
  const parts = countries.map((f, country) =>
    polygonsOf(f).map((rings, index): CountryPart => {
      const polygon: Polygon = { type: 'Polygon', coordinates: rings };
      const centroid = geoCentroid(polygon);
      let radius = 0;
      for (const p of rings[0] ?? []) radius = Math.max(radius, distanceDeg(centroid, p));
      return { country, index, polygon, bounds: geoBounds(polygon), centroid, radius };
    }),
  );
  return { countries, parts, all: parts.flat() };
}

/** Longitude in [-180, 180). */
export const wrapLng = (lng: number): number => ((((lng + 180) % 360) + 360) % 360) - 180;

function inBounds(bounds: CountryPart['bounds'], lng: number, lat: number, pad = 0): boolean {
  const [[west, south], [east, north]] = bounds;
  if (lat < south - pad || lat > north + pad) return false;
  if (east - west + 2 * pad >= 360) return true;
  const w = west - pad;
  const e = east + pad;
  const x = wrapLng(lng);
  // Compare on the circle: the point's offset east of the west edge, within the span.
  const span = (((e - w) % 360) + 360) % 360;
  const offset = (((x - w) % 360) + 360) % 360;
  return offset <= span;
}

/** Smallest distance (degrees) from a point to the vertices of a part's outer ring. */
function distanceToPart(part: CountryPart, point: [number, number]): number {
  let best = Infinity;
  for (const p of part.polygon.coordinates[0] ?? []) best = Math.min(best, distanceDeg(point, p));
  return best;
}

/**
 * The (smallest) country part holding the point; else the nearest part within COAST_TOLERANCE_DEG of it;
 * else undefined (the open sea).
 */
export function partAt(index: CountryIndex, lng: number, lat: number): CountryPart | undefined {
  const point: [number, number] = [wrapLng(lng), lat];
  // The smallest part holding it: Natural Earth's Italy and France hold no holes for the Vatican,
  // San Marino or Monaco at this scale.
  let holder: CountryPart | undefined;
  for (const part of index.all) {
    if (holder && part.radius >= holder.radius) continue;
    if (inBounds(part.bounds, point[0], point[1]) && geoContains(part.polygon, point)) holder = part;
  }
  if (holder) return holder;
  let nearest: CountryPart | undefined;
  let nearestDistance = COAST_TOLERANCE_DEG;
  for (const part of index.all) {
    if (!inBounds(part.bounds, point[0], point[1], COAST_TOLERANCE_DEG)) continue;
    const d = distanceToPart(part, point);
    if (d <= nearestDistance) {
      nearest = part;
      nearestDistance = d;
    }
  }
  return nearest;
}

/**
 * Roughly how far (degrees) a part lies off another's coast: from its centre to the nearest of
 * (a sample of) the other's outline points, less its own radius.
 */
function gapBetween(main: CountryPart, part: CountryPart): number {
  const ring = main.polygon.coordinates[0] ?? [];
  const step = Math.max(1, Math.floor(ring.length / 400));
  let nearest = Infinity;
  for (let i = 0; i < ring.length; i += step)
    nearest = Math.min(nearest, distanceDeg(part.centroid, ring[i] as Position));
  return nearest - part.radius;
}

/**
 * The parts framed with `main`: itself and the country's parts off its coast by at most
 * NEAR_PARTS_FACTOR × its radius (NEAR_PARTS_MIN_DEG at least): Corsica with France and Fiji's
 * islands together, but not Alaska or Hawaii with the contiguous USA, nor bigger parts with small ones.
 */
export function framedParts(index: CountryIndex, main: CountryPart): CountryPart[] {
  const reach = Math.max(main.radius * NEAR_PARTS_FACTOR, NEAR_PARTS_MIN_DEG);
  return (index.parts[main.country] ?? []).filter(
    (p) =>
      p === main ||
      // Smaller parts only: a point in Alaska frames Alaska, not the contiguous USA.
      (p.radius < main.radius &&
        distanceDeg(main.centroid, p.centroid) - p.radius <= main.radius + reach &&
        gapBetween(main, p) <= reach),
  );
}

/** The cache key of a country part's frame. */
export const partKey = (part: CountryPart): string => `c${part.country}.${part.index}`;

export interface Frame {
  /** What the frame depends on: equal keys, equal frames. */
  key: string;
  kind: 'country' | 'sea';
  /** The framed country's index in the shapes list (country frames only). */
  country?: number;
  projection: GeoProjection;
  /** Degrees from the projection's centre to the picture's farthest corner (what may be seen). */
  reach: number;
}

/** How far (degrees) from the centre the picture's corners are, or 90 when a corner is off the globe. */
function cornerReach(projection: GeoProjection, center: [number, number]): number {
  let reach = 0;
  for (const corner of [
    [0, 0],
    [FRAME.width, 0],
    [0, FRAME.height],
    [FRAME.width, FRAME.height],
  ] as [number, number][]) {
    const p = projection.invert?.(corner);
    if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return 90;
    reach = Math.max(reach, distanceDeg(center, p));
  }
  return Math.min(reach, 90);
}

const safeExtent: [[number, number], [number, number]] = [
  [SAFE_BOX.x0, SAFE_BOX.y0],
  [SAFE_BOX.x1, SAFE_BOX.y1],
];

/** The frame of a country part: its near parts and at least MIN_RADIUS_DEG around it, fitted to the safe box. */
export function countryFrame(index: CountryIndex, main: CountryPart): Frame {
  const parts = framedParts(index, main);
  const center = main.centroid;
  const fit: MultiPolygon = {
    type: 'MultiPolygon',
    coordinates: [
      ...parts.map((p) => p.polygon.coordinates),
      geoCircle().center(center).radius(MIN_RADIUS_DEG).precision(10)().coordinates,
    ],
  };
  const projection = geoAzimuthalEqualArea()
    .rotate([-center[0], -center[1]])
    .clipAngle(90)
    .precision(0)
    .fitExtent(safeExtent, fit);
  projection.clipExtent([
    [0, 0],
    [FRAME.width, FRAME.height],
  ]);
  const reach = cornerReach(projection, center);
  // Nothing beyond the corners shows: clipping there on the sphere spares projecting it.
  projection.clipAngle(Math.min(90, reach + 1));
  return { key: partKey(main), kind: 'country', country: main.country, projection, reach };
}

/** The centre of the globe a sea point gets: the point rounded to SEA_STEP_DEG (latitude within ±60°). */
export function seaCenter(lng: number, lat: number): [number, number] {
  return [
    wrapLng(Math.round(lng / SEA_STEP_DEG) * SEA_STEP_DEG) + 0,
    Math.max(-60, Math.min(60, Math.round(lat / SEA_STEP_DEG) * SEA_STEP_DEG)) + 0,
  ];
}

/** The cache key of a sea frame. */
export const seaKey = (lng: number, lat: number): string => `s${seaCenter(lng, lat).join(',')}`;

/** The frame of a point at sea: a globe centred near it. */
export function seaFrame(lng: number, lat: number): Frame {
  const center = seaCenter(lng, lat);
  const margin = 10;
  const projection = geoOrthographic()
    .rotate([-center[0], -center[1]])
    .precision(0)
    .fitExtent(
      [
        [margin, margin],
        [FRAME.width - margin, FRAME.height - margin],
      ],
      { type: 'Sphere' },
    );
  projection.clipExtent([
    [0, 0],
    [FRAME.width, FRAME.height],
  ]);
  return { key: seaKey(lng, lat), kind: 'sea', projection, reach: 90 };
}

/** The frame for a point: its country part's, or a globe at sea. */
export function frameAt(index: CountryIndex, lng: number, lat: number): Frame {
  const part = partAt(index, lng, lat);
  return part ? countryFrame(index, part) : seaFrame(lng, lat);
}

/** The parts that may show in a frame (a cheap test on each part's centre and radius). */
export function partsInView(index: CountryIndex, frame: Frame): CountryPart[] {
  const rotate = frame.projection.rotate();
  const center: [number, number] = [-rotate[0], -rotate[1]];
  return index.all.filter((p) => distanceDeg(center, p.centroid) - p.radius <= frame.reach);
}
