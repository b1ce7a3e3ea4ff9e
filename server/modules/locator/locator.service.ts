/**
 * Locator pictures, cached so that no request redraws what another already drew:
 * - frames: the projected shapes of one country part (or sea globe), shared by both colour schemes
 *   and by every point of that part: the expensive step (projecting and simplifying outlines).
 *   Every frame is drawn at build time and all are held (locator-frames-file.ts, ≈ 2 MB of
 *   paths), so no request draws one; without the build's file (tests, a tree not built) frames
 *   are drawn on demand into a bounded LRU;
 * - pictures: the finished SVG of one rounded point and scheme, encoded once (raw, br, gzip, ETag),
 *   in a bounded LRU.
 * The world's shapes load on the first picture (≈ 20 MB, shared with countryAt): the point's
 * country part is still looked up in them.
 */
import { roundLocatorCoordinate, type LocatorScheme } from '#domain/locator';
import type { MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { borderLines, countryShapes, landShape } from '../../geo/world.ts';
import { encodeBody, type EncodedBody } from '../../http/compression.ts';
import { Lru } from '../../lib/lru.ts';
import {
  countryFrame,
  FRAME,
  indexCountries,
  partAt,
  partKey,
  partsInView,
  seaFrame,
  seaKey,
  type CountryIndex,
  type Frame,
} from './locator-frame.ts';
import { locatorSvg, projectedPath, type FrameDrawing } from './locator-svg.ts';
import { HeldFrames } from './locator-frames-file.ts';

/** Frames kept (a few KB each): the country parts people build in, and a few sea globes. */
export const FRAME_CACHE_SIZE = 500;
/** Finished pictures kept (≈ 3 KB raw + compressed forms each). */
export const PICTURE_CACHE_SIZE = 1000;

interface CachedFrame {
  frame: Frame;
  drawing: FrameDrawing;
}

export interface LocatorStats {
  /** Frames in the on-demand LRU. */
  frames: number;
  pictures: number;
  /** Frames held from the build (all of them, or 0 without the build's file). */
  held: number;
  /** Frames this service has drawn on demand since it started. */
  drawn: number;
}

export interface LocatorOptions {
  /** Every frame, drawn at build time (readLocatorFrames); without them frames are drawn on demand. */
  held?: Pick<HeldFrames, 'get' | 'size'>;
}

export class LocatorService {
  private index: CountryIndex | undefined;
  private readonly held: Pick<HeldFrames, 'get' | 'size'>;
  private frames = new Lru<string, CachedFrame>(FRAME_CACHE_SIZE);
  private pictures = new Lru<string, EncodedBody>(PICTURE_CACHE_SIZE);
  private drawn = 0;

  constructor(opts: LocatorOptions = {}) {
    this.held = opts.held ?? new HeldFrames({});
  }

  private countryIndex(): CountryIndex {
    this.index ??= indexCountries(countryShapes());
    return this.index;
  }

  /** The projected shapes of the frame a point falls in (cached by frame). */
  frameFor(lng: number, lat: number): CachedFrame {
    const index = this.countryIndex();
    const part = partAt(index, lng, lat);
    const key = part ? partKey(part) : seaKey(lng, lat);
    const cached = this.held.get(key) ?? this.frames.get(key);
    if (cached) return cached;
    const frame = part ? countryFrame(index, part) : seaFrame(lng, lat);
    const drawing = drawFrame(index, frame);
    this.drawn += 1;
    const entry = { frame, drawing };
    this.frames.set(key, entry);
    return entry;
  }

  /** The SVG text of a point's locator (coordinates rounded as the URL rounds them). */
  render(lng: number, lat: number, scheme: LocatorScheme): string {
    const x = roundLocatorCoordinate(lng);
    const y = roundLocatorCoordinate(lat);
    const { frame, drawing } = this.frameFor(x, y);
    return locatorSvg(drawing, dotAt(frame, x, y), scheme);
  }

  /** The encoded picture (cached by rounded point and scheme). */
  async picture(lng: number, lat: number, scheme: LocatorScheme): Promise<EncodedBody> {
    const key = `${roundLocatorCoordinate(lng)},${roundLocatorCoordinate(lat)},${scheme}`;
    const cached = this.pictures.get(key);
    if (cached) return cached;
    const body = await encodeBody(Buffer.from(this.render(lng, lat, scheme)));
    this.pictures.set(key, body);
    return body;
  }

  stats(): LocatorStats {
    return {
      frames: this.frames.size,
      pictures: this.pictures.size,
      held: this.held.size,
      drawn: this.drawn,
    };
  }

  /** Forgets every cached frame and picture (for measurements); frames held from the build stay. */
  clear(): void {
    this.frames = new Lru(FRAME_CACHE_SIZE);
    this.pictures = new Lru(PICTURE_CACHE_SIZE);
  }
}

/** The dot's place in the picture, or null when the point is not in view (the far side of a globe). */
export function dotAt(frame: Frame, lng: number, lat: number): [number, number] | null {
  const rotate = frame.projection.rotate();
  const center: [number, number] = [-rotate[0], -rotate[1]];
  const p = frame.projection([lng, lat]);
  if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return null;
  // Orthographic and azimuthal projections fold the far hemisphere onto the near one.
  const cos =
    Math.sin((lat * Math.PI) / 180) * Math.sin((center[1] * Math.PI) / 180) +
    Math.cos((lat * Math.PI) / 180) *
      Math.cos((center[1] * Math.PI) / 180) *
      Math.cos(((lng - center[0]) * Math.PI) / 180);
  if (cos < 0) return null;
  const [x, y] = [Math.round(p[0]), Math.round(p[1])];
  if (x < 0 || y < 0 || x > FRAME.width || y > FRAME.height) return null;
  return [x, y];
}

/** Frames reaching farther than this (degrees) draw their surroundings from the 1:110m shapes. */
export const WIDE_REACH_DEG = 25;

/** The world's land and borders at 1:110m (for wide frames: a tenth of the 1:50m points). */
export interface WideShapes {
  land: Polygon | MultiPolygon;
  borders: MultiLineString;
}

let wideShapes: WideShapes | undefined;
function wide(): WideShapes {
  wideShapes ??= { land: landShape('110m'), borders: borderLines('110m') };
  return wideShapes;
}

/**
 * Projects a frame's surroundings, country and (at sea) globe outline. Close frames draw each
 * neighbouring country (1:50m) with its outline; wide ones (a large country, a globe) the land and
 * borders at 1:110m, which look the same at that scale for a fraction of the work.
 */
export function drawFrame(index: CountryIndex, frame: Frame): FrameDrawing {
  let land: string;
  let borders = '';
  if (frame.reach > WIDE_REACH_DEG) {
    const shapes = wide();
    land = projectedPath(frame.projection, shapes.land);
    borders = projectedPath(frame.projection, shapes.borders);
  } else {
    const visible = partsInView(index, frame).filter((p) => p.country !== frame.country);
    land = projectedPath(frame.projection, {
      type: 'MultiPolygon',
      coordinates: visible.map((p) => p.polygon.coordinates),
    });
  }
  const country =
    frame.country === undefined
      ? ''
      : projectedPath(frame.projection, {
          type: 'MultiPolygon',
          coordinates: (index.parts[frame.country] ?? []).map((p) => p.polygon.coordinates),
        });
  const sphere = frame.kind === 'sea' ? projectedPath(frame.projection, { type: 'Sphere' }) : '';
  return { land, borders, country, sphere };
}
