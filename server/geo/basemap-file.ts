/**
 * The offline basemap archive on disk (dist/basemap/world-<version>.pmtiles, written by
 * scripts/basemap/generate.ts) and a reader that returns its tiles as stored (gzip-compressed
 * MVT), so the server can send them without recompressing. Directory lookups use the `pmtiles`
 * package's cache and `findTile`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findTile, ResolvedValueCache, zxyToTileId, type Header, type Source } from 'pmtiles';

export const BASEMAP_DIR = fileURLToPath(new URL('../../dist/basemap', import.meta.url));
export const BASEMAP_LAYERS = [
  'land',
  'lake',
  'river',
  'coastline',
  'border',
  'country_label',
  'place',
] as const;

export interface BasemapManifest {
  /** Hash of the generator's inputs; part of the tile URLs (immutable caching). */
  version: string;
  /** File name in the basemap directory. */
  file: string;
  bytes: number;
  /** Generation time in seconds. */
  seconds: number;
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  leafDirectories: number;
  largestTileBytes: number;
}

export function readManifest(dir = BASEMAP_DIR): BasemapManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BasemapManifest;
  } catch {
    return undefined;
  }
}

/** A `pmtiles` Source over a file handle. */
class FileHandleSource implements Source {
  constructor(
    private readonly handle: fs.promises.FileHandle,
    private readonly key: string,
  ) {}
  getKey(): string {
    return this.key;
  }
  async getBytes(offset: number, length: number): Promise<{ data: ArrayBuffer }> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    const data = new ArrayBuffer(bytesRead);
    new Uint8Array(data).set(buffer.subarray(0, bytesRead));
    return { data };
  }
}

export interface BasemapReader {
  version: string;
  header: Header;
  /** The stored (gzip-compressed) tile, or undefined where the archive has none (open sea). */
  tile(z: number, x: number, y: number): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** Opens an archive; reads its header now and its directories on demand (cached). */
export async function openBasemap(file: string, version: string): Promise<BasemapReader> {
  const handle = await fs.promises.open(file, 'r');
  const source = new FileHandleSource(handle, file);
  const cache = new ResolvedValueCache(64);
  let header: Header;
  try {
    header = await cache.getHeader(source);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    version,
    header,
    async tile(z, x, y) {
      if (z < header.minZoom || z > header.maxZoom) return undefined;
      const tileId = zxyToTileId(z, x, y);
      let offset = header.rootDirectoryOffset;
      let length = header.rootDirectoryLength;
      // The product's lookup: root directory, then at most a few levels of leaf directories.
      for (let depth = 0; depth < 4; depth++) {
        const entries = await cache.getDirectory(source, offset, length, header);
        const entry = findTile(entries, tileId);
        if (!entry) return undefined;
        if (entry.runLength > 0) {
          const { data } = await source.getBytes(header.tileDataOffset + entry.offset, entry.length);
          return Buffer.from(data);
        }
        offset = header.leafDirectoryOffset + entry.offset;
        length = entry.length;
      }
      return undefined;
    },
    close: () => handle.close(),
  };
}
