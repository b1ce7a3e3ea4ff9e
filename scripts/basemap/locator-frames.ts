/**
 * Draws every locator frame (each country part of Natural Earth 1:50m and each sea globe) into
 * dist/locator/frames.json, which the server holds so that no request draws a frame
 * (server/modules/locator/locator-frames-file.ts). `npm run build` runs it with the basemap
 * (generate.ts); it does nothing when the file of the current inputs exists.
 *
 *   node --import tsx scripts/basemap/locator-frames.ts [--force]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCATOR_VERSION } from '../../domain/locator.ts';
import { countryShapes } from '../../server/geo/world.ts';
import {
  countryFrame,
  indexCountries,
  partKey,
  seaCenter,
  seaFrame,
  seaKey,
  SEA_STEP_DEG,
} from '../../server/modules/locator/locator-frame.ts';
import {
  LOCATOR_FRAMES_FILE,
  storedFrame,
  type LocatorFramesFile,
  type StoredFrame,
} from '../../server/modules/locator/locator-frames-file.ts';
import { drawFrame } from '../../server/modules/locator/locator.service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What the frames are drawn from: a change to any of them redraws them. */
const INPUT_PACKAGES = ['world-atlas', 'd3-geo', 'topojson-client', '@mapbox/geojson-rewind'];
const INPUT_SOURCES = [
  'scripts/basemap/locator-frames.ts',
  'server/geo/world.ts',
  'server/modules/locator/locator-frame.ts',
  'server/modules/locator/locator-frames-file.ts',
  'server/modules/locator/locator-svg.ts',
  'server/modules/locator/locator.service.ts',
  'domain/locator.ts',
].map((file) => path.join(here, '../..', file));

/** 12 hex digits of a SHA-256 of the inputs. */
export function framesVersion(): string {
  const hash = crypto.createHash('sha256');
  for (const name of INPUT_PACKAGES) {
    const file = path.join(here, '../../node_modules', name, 'package.json');
    hash.update(`${name}@${(JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version}\n`);
  }
  for (const file of INPUT_SOURCES) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/** The centre of every sea globe: points rounded to SEA_STEP_DEG (seaCenter), each once. */
export function seaCentres(): [number, number][] {
  const seen = new Map<string, [number, number]>();
  for (let lng = -180; lng <= 180; lng += SEA_STEP_DEG) {
    for (let lat = -90; lat <= 90; lat += SEA_STEP_DEG) seen.set(seaKey(lng, lat), seaCenter(lng, lat));
  }
  return [...seen.values()];
}

/**
 * Draws the frames: all of them, or (tests) the country parts `only` accepts and no sea globe
 * unless it accepts those too.
 */
export function drawLocatorFrames(only?: (key: string) => boolean): Record<string, StoredFrame> {
  const index = indexCountries(countryShapes());
  const frames: Record<string, StoredFrame> = {};
  for (const part of index.all) {
    const key = partKey(part);
    if (only && !only(key)) continue;
    const frame = countryFrame(index, part);
    frames[key] = storedFrame(frame, drawFrame(index, frame));
  }
  for (const [lng, lat] of seaCentres()) {
    const key = seaKey(lng, lat);
    if (only && !only(key)) continue;
    const frame = seaFrame(lng, lat);
    frames[key] = storedFrame(frame, drawFrame(index, frame));
  }
  return frames;
}

/** Makes sure `file` holds the frames of the current inputs; draws them when not. */
export function ensureLocatorFrames(options: { force?: boolean; file?: string } = {}): {
  generated: boolean;
  frames: number;
  bytes: number;
  seconds: number;
} {
  const file = options.file ?? LOCATOR_FRAMES_FILE;
  const version = framesVersion();
  if (!options.force && fs.existsSync(file)) {
    try {
      const existing = JSON.parse(fs.readFileSync(file, 'utf8')) as LocatorFramesFile;
      if (existing.version === version) {
        return {
          generated: false,
          frames: Object.keys(existing.frames).length,
          bytes: fs.statSync(file).size,
          seconds: 0,
        };
      }
    } catch {
      // Unreadable: drawn again below.
    }
  }
  const started = performance.now();
  const frames = drawLocatorFrames();
  const body: LocatorFramesFile = { version, locatorVersion: LOCATOR_VERSION, frames };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(body));
  fs.renameSync(tmp, file);
  return {
    generated: true,
    frames: Object.keys(frames).length,
    bytes: fs.statSync(file).size,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** One line for the build's output. */
export function describeFrames(result: ReturnType<typeof ensureLocatorFrames>): string {
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  return result.generated
    ? `locator: drew ${result.frames} frames (${mb} MB) in ${result.seconds} s`
    : `locator: ${result.frames} frames are up to date (${mb} MB)`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(describeFrames(ensureLocatorFrames({ force: process.argv.includes('--force') })));
}
