import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PMTiles, type Source } from 'pmtiles';
import { HEADER_BYTES, writePmtiles, type PmtilesInput } from './pmtiles-writer.ts';

/** The `pmtiles` package's reader over an in-memory archive. */
function reader(archive: Buffer): PMTiles {
  const source: Source = {
    getKey: () => 'memory',
    getBytes: async (offset, length) => {
      const slice = archive.subarray(offset, offset + length);
      const data = new ArrayBuffer(slice.length);
      new Uint8Array(data).set(slice);
      return { data };
    },
  };
  return new PMTiles(source);
}

const gz = (text: string) => zlib.gzipSync(Buffer.from(text));
const text = (data: ArrayBuffer | undefined) => (data ? Buffer.from(data).toString() : undefined);

function input(tiles: PmtilesInput['tiles']): PmtilesInput {
  return {
    tiles,
    metadata: { name: 'test', vector_layers: [{ id: 'land', fields: {} }] },
    minZoom: 0,
    maxZoom: 8,
    bounds: [-180, -85, 180, 85],
    center: [0, 40, 3],
  };
}

describe('writePmtiles (PMTiles v3, read back with the pmtiles package)', () => {
  it('writes a header, metadata and tiles the reader finds; absent tiles are absent', async () => {
    const same = gz('ocean-free land');
    const { archive, stats } = writePmtiles(
      input([
        { z: 0, x: 0, y: 0, data: gz('world') },
        { z: 1, x: 1, y: 0, data: same },
        { z: 1, x: 0, y: 0, data: same },
        { z: 2, x: 3, y: 1, data: gz('east') },
      ]),
    );
    const p = reader(archive);
    const header = await p.getHeader();
    expect(archive.subarray(0, 7).toString()).toBe('PMTiles');
    expect(header).toMatchObject({
      specVersion: 3,
      rootDirectoryOffset: HEADER_BYTES,
      numAddressedTiles: 4,
      numTileContents: 3,
      clustered: true,
      minZoom: 0,
      maxZoom: 8,
      centerZoom: 3,
      centerLat: 40,
      tileCompression: 2,
      tileType: 1,
    });
    expect(await p.getMetadata()).toEqual({ name: 'test', vector_layers: [{ id: 'land', fields: {} }] });
    // The reader gunzips tiles: the stored bytes are the gzip of what went in.
    expect(text((await p.getZxy(0, 0, 0))?.data)).toBe('world');
    expect(text((await p.getZxy(1, 0, 0))?.data)).toBe('ocean-free land');
    expect(text((await p.getZxy(1, 1, 0))?.data)).toBe('ocean-free land');
    expect(text((await p.getZxy(2, 3, 1))?.data)).toBe('east');
    expect(await p.getZxy(1, 0, 1)).toBeUndefined();
    expect(await p.getZxy(2, 0, 0)).toBeUndefined();
    expect(stats).toMatchObject({ addressedTiles: 4, tileContents: 3, leafDirectories: 0 });
  });

  it('stores repeated content once and merges consecutive repeats into one run', async () => {
    const land = gz('all land');
    // z2 tiles 0..15 in Hilbert order are consecutive tile ids; give all of them one content.
    const tiles = [];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) tiles.push({ z: 2, x, y, data: land });
    const { archive, stats } = writePmtiles(input(tiles));
    expect(stats).toMatchObject({ addressedTiles: 16, tileEntries: 1, tileContents: 1 });
    const p = reader(archive);
    for (const t of tiles) expect(text((await p.getZxy(t.z, t.x, t.y))?.data)).toBe('all land');
  });

  it('moves entries to leaf directories when the root would not fit in 16 KiB', async () => {
    const tiles = [];
    // Most z8 tiles, each with its own content of its own length (so the directory does not
    // compress away): too many entries for the root directory.
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let x = 0; x < 256; x += 1)
      for (let y = 0; y < 256; y += 1) {
        if (x === 3 && y === 3) continue;
        if (next() % 4 === 0) continue;
        tiles.push({ z: 8, x, y, data: gz(`${x}/${y}${'.'.repeat(next() % 300)}`) });
      }
    const { archive, stats } = writePmtiles(input(tiles));
    expect(stats.leafDirectories).toBeGreaterThan(0);
    const p = reader(archive);
    const header = await p.getHeader();
    expect(header.rootDirectoryLength).toBeLessThanOrEqual(16_384 - HEADER_BYTES);
    for (const [x, y] of [
      [0, 0],
      [17, 42],
      [128, 200],
      [255, 254],
      [200, 13],
    ] as const) {
      const tile = tiles.find((t) => t.x === x && t.y === y);
      const expected = tile ? zlib.gunzipSync(tile.data).toString() : undefined;
      expect(text((await p.getZxy(8, x, y))?.data)).toBe(expected);
    }
    expect(await p.getZxy(8, 3, 3)).toBeUndefined();
    expect(tiles.filter((t) => t.x < 20).length).toBeGreaterThan(0);
    for (const t of tiles.filter((_, i) => i % 997 === 0)) {
      expect(text((await p.getZxy(8, t.x, t.y))?.data)).toBe(zlib.gunzipSync(t.data).toString());
    }
  });
});
