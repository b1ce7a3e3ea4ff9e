/**
 * A small PMTiles v3 writer (npm has readers only). Layout, as the product description
 * (github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md) describes it:
 * 127-byte header | root directory | JSON metadata | leaf directories | tile data.
 * Directories and metadata are gzip-compressed; tiles are stored as given (gzip-compressed MVT
 * here), deduplicated by content hash, in tile-id order (clustered), and consecutive tiles with
 * the same content share one directory entry (run length). When the root directory would not fit
 * in the first 16 KiB with the header, entries move to leaf directories.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export const HEADER_BYTES = 127;
const ROOT_LIMIT = 16_384 - HEADER_BYTES;

/** PMTiles compression and tile-type codes. */
const COMPRESSION_GZIP = 2;
const TILE_TYPE_MVT = 1;

export interface PmtilesEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

export interface PmtilesInput {
  /** Tiles as stored (already gzip-compressed MVT); empty tiles are simply left out. */
  tiles: { z: number; x: number; y: number; data: Buffer }[];
  metadata: Record<string, unknown>;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
}

export interface PmtilesStats {
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  leafDirectories: number;
  bytes: number;
}

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A directory as the product description serialises it: count, then id deltas, run lengths, lengths, offsets. */
export function serializeDirectory(entries: PmtilesEntry[]): Buffer {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const e of entries) {
    writeVarint(out, e.tileId - lastId);
    lastId = e.tileId;
  }
  for (const e of entries) writeVarint(out, e.runLength);
  for (const e of entries) writeVarint(out, e.length);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    // 0 means "right after the previous entry's data"; anything else is offset + 1.
    if (previous && e.offset === previous.offset + previous.length) writeVarint(out, 0);
    else writeVarint(out, e.offset + 1);
  });
  return zlib.gzipSync(Buffer.from(out), { level: 9 });
}

/** The root directory, and the leaf directories it points to when all entries do not fit. */
function buildDirectories(entries: PmtilesEntry[]): { root: Buffer; leaves: Buffer; leafCount: number } {
  const rootOnly = serializeDirectory(entries);
  if (rootOnly.length <= ROOT_LIMIT) return { root: rootOnly, leaves: Buffer.alloc(0), leafCount: 0 };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const rootEntries: PmtilesEntry[] = [];
    const leafBuffers: Buffer[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const chunk = entries.slice(i, i + leafSize);
      const leaf = serializeDirectory(chunk);
      // runLength 0: the entry points at a leaf directory, not a tile.
      rootEntries.push({ tileId: chunk[0]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafBuffers.push(leaf);
      offset += leaf.length;
    }
    const root = serializeDirectory(rootEntries);
    if (root.length <= ROOT_LIMIT)
      return { root, leaves: Buffer.concat(leafBuffers), leafCount: leafBuffers.length };
  }
}

function u64(buf: Buffer, offset: number, value: number): void {
  buf.writeBigUInt64LE(BigInt(value), offset);
}

function degrees(value: number): number {
  return Math.round(value * 10_000_000);
}

/** Builds the whole archive in memory (a world basemap to zoom 6 is a few MB). */
export function writePmtiles(input: PmtilesInput): { archive: Buffer; stats: PmtilesStats } {
  const tiles = input.tiles
    .map((t) => ({ tileId: zxyToTileId(t.z, t.x, t.y), data: t.data }))
    .sort((a, b) => a.tileId - b.tileId);

  const entries: PmtilesEntry[] = [];
  const chunks: Buffer[] = [];
  const offsetByHash = new Map<string, number>();
  let dataLength = 0;
  for (const tile of tiles) {
    const hash = crypto.createHash('sha256').update(tile.data).digest('hex');
    let offset = offsetByHash.get(hash);
    if (offset === undefined) {
      offset = dataLength;
      offsetByHash.set(hash, offset);
      chunks.push(tile.data);
      dataLength += tile.data.length;
    }
    const last = entries[entries.length - 1];
    if (last && last.offset === offset && last.tileId + last.runLength === tile.tileId) {
      last.runLength += 1;
    } else {
      entries.push({ tileId: tile.tileId, offset, length: tile.data.length, runLength: 1 });
    }
  }

  const { root, leaves, leafCount } = buildDirectories(entries);
  const metadata = zlib.gzipSync(Buffer.from(JSON.stringify(input.metadata)), { level: 9 });

  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leafOffset = metadataOffset + metadata.length;
  const tileDataOffset = leafOffset + leaves.length;

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  u64(header, 8, rootOffset);
  u64(header, 16, root.length);
  u64(header, 24, metadataOffset);
  u64(header, 32, metadata.length);
  u64(header, 40, leafOffset);
  u64(header, 48, leaves.length);
  u64(header, 56, tileDataOffset);
  u64(header, 64, dataLength);
  u64(header, 72, tiles.length);
  u64(header, 80, entries.length);
  u64(header, 88, chunks.length);
  header.writeUInt8(1, 96); // clustered: tile data is in tile-id order
  header.writeUInt8(COMPRESSION_GZIP, 97); // internal (directories, metadata)
  header.writeUInt8(COMPRESSION_GZIP, 98); // tiles
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(input.minZoom, 100);
  header.writeUInt8(input.maxZoom, 101);
  const [west, south, east, north] = input.bounds;
  header.writeInt32LE(degrees(west), 102);
  header.writeInt32LE(degrees(south), 106);
  header.writeInt32LE(degrees(east), 110);
  header.writeInt32LE(degrees(north), 114);
  header.writeUInt8(input.center[2], 118);
  header.writeInt32LE(degrees(input.center[0]), 119);
  header.writeInt32LE(degrees(input.center[1]), 123);

  const archive = Buffer.concat([header, root, metadata, leaves, ...chunks]);
  return {
    archive,
    stats: {
      addressedTiles: tiles.length,
      tileEntries: entries.length,
      tileContents: chunks.length,
      leafDirectories: leafCount,
      bytes: archive.length,
    },
  };
}
