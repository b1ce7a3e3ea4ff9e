/**
 * The gazetteer file the bundled server reads at start holds exactly the gazetteer built from the
 * package's data, and anything else (another format, cut short, not ours) is refused so the
 * server builds instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeGazetteer, encodeGazetteer, PLACES_FILE_FORMAT } from './places-file.ts';
import { buildGazetteer, readPlacesFile, type Gazetteer } from './places-index.ts';

describe('the gazetteer file', () => {
  let built: Gazetteer;
  let file: Buffer;

  beforeAll(() => {
    built = buildGazetteer();
    file = encodeGazetteer(built);
  });

  it('reads back every place, name, key, country, position and bucket as built', () => {
    const read = decodeGazetteer(file)!;
    expect(read.names).toBe(built.names);
    expect(read.keys).toBe(built.keys);
    expect(read.countries).toBe(built.countries);
    expect(Array.from(read.nameAt)).toEqual(Array.from(built.nameAt));
    expect(Array.from(read.keyAt)).toEqual(Array.from(built.keyAt));
    expect(Array.from(read.lng)).toEqual(Array.from(built.lng));
    expect(Array.from(read.lat)).toEqual(Array.from(built.lat));
    expect([...read.buckets.keys()]).toEqual([...built.buckets.keys()]);
    for (const [head, list] of built.buckets)
      expect(Array.from(read.buckets.get(head)!)).toEqual(Array.from(list));
    // Barcelona's bucket leads to Barcelona, Spain.
    const at = read.buckets
      .get('bar')!
      .find((i) => read.keys.slice(read.keyAt[i], read.keyAt[i + 1]) === 'barcelona')!;
    expect(read.countries.slice(2 * at, 2 * at + 2)).toBe('ES');
  });

  it('is a few megabytes, and reads from a file in milliseconds', () => {
    expect(file.length).toBeLessThan(12 * 1024 * 1024);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-places-'));
    try {
      const target = path.join(dir, 'places.bin');
      fs.writeFileSync(target, file);
      const started = performance.now();
      const read = readPlacesFile(target);
      expect(read?.lng.length).toBe(built.lng.length);
      // Recorded, not asserted against a clock: a build takes about a second, a read a few ms.
      console.info(`gazetteer file read in ${(performance.now() - started).toFixed(1)} ms`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused when missing, of another format, cut short or not a gazetteer file', () => {
    expect(readPlacesFile(path.join(os.tmpdir(), 'atlas-no-such-places.bin'))).toBeUndefined();
    const other = Buffer.from(file);
    const headerLength = other.readUInt32LE(8);
    const header = other.subarray(12, 12 + headerLength).toString('utf8');
    other.write(
      header.replace(`"format":${PLACES_FILE_FORMAT}`, `"format":${PLACES_FILE_FORMAT + 1}`),
      12,
      'utf8',
    );
    expect(decodeGazetteer(other)).toBeUndefined();
    expect(decodeGazetteer(file.subarray(0, file.length / 2))).toBeUndefined();
    expect(decodeGazetteer(Buffer.from('not a gazetteer file at all'))).toBeUndefined();
    expect(decodeGazetteer(new Uint8Array(4))).toBeUndefined();
  });
});
