/**
 * Locator frames drawn at build time (scripts/basemap/locator-frames.ts → dist/locator/frames.json)
 * and held by the service: a picture in the largest country part (mainland Canada, the slowest
 * frame to draw) is served without drawing anything, and is the same picture as one drawn on
 * demand; every sea globe a point can fall in is among those drawn; a file of another drawing
 * version is not used.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCATOR_VERSION } from '#domain/locator';
import { countryShapes } from '../../geo/world.ts';
import { drawLocatorFrames, seaCentres } from '../../../scripts/basemap/locator-frames.ts';
import { indexCountries, partAt, partKey, seaKey } from './locator-frame.ts';
import { readLocatorFrames, type LocatorFramesFile } from './locator-frames-file.ts';
import { LocatorService } from './locator.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-locator-frames-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CANADA: [number, number] = [-100.12, 55.34];
const SEA: [number, number] = [-30.5, 40.2];
const MONACO: [number, number] = [7.42, 43.74];

function write(name: string, body: LocatorFramesFile): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(body));
  return file;
}

describe('locator frames from the build', () => {
  it('serves a cold frame of mainland Canada without drawing it, as the same picture as one drawn on demand', async () => {
    const index = indexCountries(countryShapes());
    const keys = new Set([CANADA, MONACO].map(([lng, lat]) => partKey(partAt(index, lng, lat)!)));
    keys.add(seaKey(...SEA));
    const frames = drawLocatorFrames((key) => keys.has(key));
    expect(Object.keys(frames).sort()).toEqual([...keys].sort());
    const file = write('frames.json', { version: 'test', locatorVersion: LOCATOR_VERSION, frames });

    const read = readLocatorFrames(file);
    if (!('frames' in read)) throw new Error(read.missing);
    const held = new LocatorService({ held: read.frames });
    const onDemand = new LocatorService();
    for (const [lng, lat] of [CANADA, SEA, MONACO]) {
      for (const scheme of ['light', 'dark'] as const) {
        expect(held.render(lng, lat, scheme)).toBe(onDemand.render(lng, lat, scheme));
      }
    }
    await held.picture(...CANADA, 'light');
    expect(held.stats()).toMatchObject({ held: 3, drawn: 0 });
    expect(onDemand.stats().drawn).toBe(3);
  }, 60_000);

  it('draws a globe for every sea point that can be asked for', () => {
    const drawn = new Set(seaCentres().map(([lng, lat]) => seaKey(lng, lat)));
    for (let lng = -180; lng <= 180; lng += 2.5) {
      for (let lat = -90; lat <= 90; lat += 2.5)
        expect(drawn.has(seaKey(lng, lat)), `${lng},${lat}`).toBe(true);
    }
    expect(drawn.size).toBe(24 * 9);
  });

  it('does not use a file drawn for another version of the drawing, nor a missing one', () => {
    const file = write('old.json', { version: 'old', locatorVersion: `${LOCATOR_VERSION}-old`, frames: {} });
    expect(readLocatorFrames(file)).toMatchObject({
      missing: expect.stringContaining('locator version') as unknown,
    });
    expect(readLocatorFrames(path.join(dir, 'none.json'))).toHaveProperty('missing');
  });
});
