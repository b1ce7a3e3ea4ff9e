/**
 * Drawing a locator picture: projected shapes as compact SVG paths, and the
 * picture in the basemap's light or dark palette. Pure: equal inputs give equal bytes.
 *
 * Paths are quantized to whole SVG units (half a CSS pixel), points closer than MIN_STEP to the
 * last one kept are dropped, straight runs are simplified (Douglas–Peucker, SIMPLIFY_TOLERANCE),
 * and rings smaller than MIN_RING_AREA go: a country of thousands of vertices becomes a few
 * hundred bytes. Nothing the user typed reaches the SVG: it holds numbers and fixed colours only.
 */
import { geoStream, type GeoPermissibleObjects, type GeoProjection, type GeoStream } from 'd3-geo';
import { BASEMAP_PALETTE, type MapColorScheme } from '#domain/map-palette';
import { MARKER_COLOR_DARK, MARKER_COLOR_LIGHT } from '#domain/constants';
import { LOCATOR_SIZE } from '#domain/locator';
import { FRAME } from './locator-frame.ts';

/** Points closer than this (SVG units) to the last point kept are dropped. */
export const MIN_STEP = 3;
/** Douglas–Peucker tolerance (SVG units). */
export const SIMPLIFY_TOLERANCE = 1;
/** Rings of a smaller area (square SVG units, 4 = one CSS pixel) are left out. */
export const MIN_RING_AREA = 6;

type Point = [number, number];

/** Douglas–Peucker on a closed ring (the first point is kept). */
export function simplifyRing(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 3) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const t2 = tolerance * tolerance;
  while (stack.length) {
    const [a, b] = stack.pop() as [number, number];
    const [ax, ay] = points[a] as Point;
    const [bx, by] = points[b] as Point;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = t2;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i] as Point;
      let d: number;
      if (len2 === 0) d = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const cross = (px - ax) * dy - (py - ay) * dx;
        d = (cross * cross) / len2;
      }
      if (d > worstD) {
        worst = i;
        worstD = d;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Twice the signed area of a ring (shoelace). */
export function ringArea2(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i] as Point;
    const [x1, y1] = points[(i + 1) % points.length] as Point;
    sum += x0 * y1 - x1 * y0;
  }
  return sum;
}

/** `M x y l dx dy …` with the fewest characters (a minus sign separates numbers by itself). */
export function ringPath(points: readonly Point[], close: boolean): string {
  const [first] = points;
  if (!first) return '';
  let d = `M${first[0]} ${first[1]}l`;
  let [px, py] = first;
  let started = false;
  for (let i = 1; i < points.length; i++) {
    const [x, y] = points[i] as Point;
    const dx = x - px;
    const dy = y - py;
    d += (started && dx >= 0 ? ' ' : '') + String(dx) + (dy >= 0 ? ' ' : '') + String(dy);
    started = true;
    px = x;
    py = y;
  }
  if (!started) d = d.slice(0, -1);
  return close ? `${d}z` : d;
}

/** A d3 stream sink writing quantized, simplified SVG path data. */
class PathSink implements GeoStream {
  private readonly parts: string[] = [];
  private ring: Point[] = [];
  private inPolygon = false;

  point(x: number, y: number): void {
    const q: Point = [Math.round(x), Math.round(y)];
    const last = this.ring[this.ring.length - 1];
    if (last && Math.abs(q[0] - last[0]) < MIN_STEP && Math.abs(q[1] - last[1]) < MIN_STEP) return;
    this.ring.push(q);
  }
  lineStart(): void {
    this.ring = [];
  }
  lineEnd(): void {
    let ring = this.ring;
    if (this.inPolygon) {
      const first = ring[0];
      const last = ring[ring.length - 1];
      if (first && last && ring.length > 1 && first[0] === last[0] && first[1] === last[1])
        ring = ring.slice(0, -1);
      ring = simplifyRing(ring, SIMPLIFY_TOLERANCE);
      if (ring.length < 3 || Math.abs(ringArea2(ring)) / 2 < MIN_RING_AREA) return;
      this.parts.push(ringPath(ring, true));
    } else if (ring.length > 1) {
      this.parts.push(ringPath(ring, false));
    }
  }
  polygonStart(): void {
    this.inPolygon = true;
  }
  polygonEnd(): void {
    this.inPolygon = false;
  }
  sphere(): void {}

  result(): string {
    return this.parts.join('');
  }
}

/** SVG path data of a GeoJSON object under a projection ('' when nothing of it shows). */
export function projectedPath(
  projection: Pick<GeoProjection, 'stream'>,
  object: GeoPermissibleObjects,
): string {
  const sink = new PathSink();
  geoStream(object, projection.stream(sink));
  return sink.result();
}

/** The shapes of one frame, projected: the same for both colour schemes. */
export interface FrameDrawing {
  /** Land around the framed country (neighbours, or all land on a globe). */
  land: string;
  /** Borders drawn apart from the land (wide frames; '' when `land` outlines each country). */
  borders: string;
  /** The framed country ('' at sea). */
  country: string;
  /** The globe's disc at sea ('' for country frames). */
  sphere: string;
}

/** The locator's colours: the basemap's land and water, the country tinted and the dot in the marker colour. */
export const LOCATOR_PALETTE: Record<
  MapColorScheme,
  {
    water: string;
    land: string;
    border: string;
    country: string;
    countryStroke: string;
    /** Around a globe. */
    space: string;
    dot: string;
    dotStroke: string;
  }
> = {
  light: {
    water: BASEMAP_PALETTE.light.water,
    land: BASEMAP_PALETTE.light.land,
    border: BASEMAP_PALETTE.light.border,
    country: '#fffdf8',
    countryStroke: '#5b6b7d',
    space: '#eef3f6',
    dot: MARKER_COLOR_LIGHT,
    dotStroke: '#ffffff',
  },
  dark: {
    water: BASEMAP_PALETTE.dark.water,
    land: BASEMAP_PALETTE.dark.land,
    border: BASEMAP_PALETTE.dark.border,
    country: '#323c49',
    countryStroke: '#9aa7b8',
    space: '#0d1015',
    dot: MARKER_COLOR_DARK,
    dotStroke: '#0b1016',
  },
};

/** The dot's radius (SVG units): 7 CSS px on a full-size picture, 4 on an 88 × 72 card. */
export const DOT_RADIUS = 14;

/** The whole picture: water, land, the country, and the dot at `dot` (SVG units; null when not visible). */
export function locatorSvg(drawing: FrameDrawing, dot: Point | null, scheme: MapColorScheme): string {
  const c = LOCATOR_PALETTE[scheme];
  const { width, height } = FRAME;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${LOCATOR_SIZE.width}" height="${LOCATOR_SIZE.height}">`,
  ];
  if (drawing.sphere) {
    parts.push(`<rect width="${width}" height="${height}" fill="${c.space}"/>`);
    parts.push(`<path d="${drawing.sphere}" fill="${c.water}"/>`);
  } else {
    parts.push(`<rect width="${width}" height="${height}" fill="${c.water}"/>`);
  }
  const stroke = `stroke-linejoin="round" vector-effect="non-scaling-stroke"`;
  if (drawing.land) {
    parts.push(
      `<path d="${drawing.land}" fill="${c.land}" stroke="${c.border}" stroke-width=".6" ${stroke}/>`,
    );
  }
  if (drawing.country) {
    parts.push(
      `<path d="${drawing.country}" fill="${c.country}" stroke="${c.countryStroke}" stroke-width="1.2" ${stroke}/>`,
    );
  }
  if (dot) {
    const [x, y] = dot;
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${DOT_RADIUS * 2}" fill="${c.dot}" fill-opacity=".22"/>`,
      `<circle cx="${x}" cy="${y}" r="${DOT_RADIUS}" fill="${c.dot}" stroke="${c.dotStroke}" stroke-width="5"/>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
