/**
 * Every locator frame, drawn at build time (scripts/basemap/locator-frames.ts, run by
 * `npm run build` with the basemap) into dist/locator/frames.json, so that no request has to draw
 * one: drawing a frame costs 10–700 ms of the event loop (Canada's several seconds on a slow
 * machine), and a client cycling through countries could force one per request. The file holds,
 * for each country part and each sea globe, the projection's parameters (to rebuild it in
 * microseconds, for the dot) and the projected paths; ≈ 2 MB of paths, held in memory once read.
 *
 * The file names the LOCATOR_VERSION it was drawn for; a file of another version is not used
 * (pictures of a version are cached for a year, so a new drawing comes with a new version, and
 * `npm start` rebuilds when domain/ changes). Without a usable file the service draws on demand.
 */
import fs from 'node:fs';
import { geoAzimuthalEqualArea, geoOrthographic } from 'd3-geo';
import { LOCATOR_VERSION } from '#domain/locator';
import { LOCATOR_FRAMES_FILE } from '../../geo/locator-frames-path.ts';
import { FRAME, type Frame } from './locator-frame.ts';
import type { FrameDrawing } from './locator-svg.ts';

export { LOCATOR_FRAMES_FILE };

/** A frame as stored: what rebuilds its projection, and its drawing. */
export interface StoredFrame {
  kind: Frame['kind'];
  country?: number;
  reach: number;
  rotate: [number, number, number];
  scale: number;
  translate: [number, number];
  /** Degrees (country frames; a globe keeps the projection's own). */
  clipAngle?: number;
  drawing: FrameDrawing;
}

export interface LocatorFramesFile {
  /** Hash of the generator's inputs: the build redraws when it changes. */
  version: string;
  /** The drawing's version (LOCATOR_VERSION) the frames were drawn for. */
  locatorVersion: string;
  /** By frame key (partKey or seaKey). */
  frames: Record<string, StoredFrame>;
}

export interface HeldFrame {
  frame: Frame;
  drawing: FrameDrawing;
}

/** What the file keeps of a frame. */
export function storedFrame(frame: Frame, drawing: FrameDrawing): StoredFrame {
  const p = frame.projection;
  const [x, y] = p.translate();
  return {
    kind: frame.kind,
    ...(frame.country === undefined ? {} : { country: frame.country }),
    reach: frame.reach,
    rotate: p.rotate(),
    scale: p.scale(),
    translate: [x, y],
    ...(frame.kind === 'country' ? { clipAngle: p.clipAngle() ?? 90 } : {}),
    drawing,
  };
}

/** The frame back, its projection rebuilt as countryFrame / seaFrame left it. */
export function heldFrame(key: string, stored: StoredFrame): HeldFrame {
  const projection = stored.kind === 'country' ? geoAzimuthalEqualArea() : geoOrthographic();
  projection.rotate(stored.rotate).precision(0);
  if (stored.clipAngle !== undefined) projection.clipAngle(stored.clipAngle);
  projection
    .scale(stored.scale)
    .translate(stored.translate)
    .clipExtent([
      [0, 0],
      [FRAME.width, FRAME.height],
    ]);
  const frame: Frame = {
    key,
    kind: stored.kind,
    ...(stored.country === undefined ? {} : { country: stored.country }),
    projection,
    reach: stored.reach,
  };
  return { frame, drawing: stored.drawing };
}

/** The frames of a file by key; each projection is rebuilt on its first use (microseconds). */
export class HeldFrames {
  private readonly built = new Map<string, HeldFrame>();

  constructor(private readonly stored: Readonly<Record<string, StoredFrame>>) {}

  get size(): number {
    return Object.keys(this.stored).length;
  }

  get(key: string): HeldFrame | undefined {
    let frame = this.built.get(key);
    if (frame) return frame;
    const stored = Object.hasOwn(this.stored, key) ? this.stored[key] : undefined;
    if (!stored) return undefined;
    frame = heldFrame(key, stored);
    this.built.set(key, frame);
    return frame;
  }
}

/** Reads the frames file; undefined (and why) when it is missing, unreadable or of another version. */
export function readLocatorFrames(
  file: string = LOCATOR_FRAMES_FILE,
): { frames: HeldFrames } | { missing: string } {
  let parsed: LocatorFramesFile;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as LocatorFramesFile;
  } catch (err) {
    return { missing: `${file}: ${(err as Error).message}` };
  }
  if (parsed.locatorVersion !== LOCATOR_VERSION) {
    return {
      missing: `${file} was drawn for locator version ${parsed.locatorVersion}, not ${LOCATOR_VERSION}`,
    };
  }
  return { frames: new HeldFrames(parsed.frames) };
}
