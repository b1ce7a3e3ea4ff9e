/**
 * The operator's Protomaps basemap archive (BASEMAP_PMTILES): a local .pmtiles file or one on an
 * https:// server (the planet build, or a regional extract), opened once at start. The browser
 * reads it by byte ranges from our own origin (streets.routes.ts), so the Content-Security-Policy
 * needs no other origin and a remote archive's host never sees the visitors.
 *
 * Its version (part of the URL the pages name, so its bytes can be cached as immutable) is a hash
 * of its size and its first 16 KiB (the header and root directory, which differ between any two
 * builds), so every API process that has the same archive names the same version, wherever the
 * file lies and whatever its modification time. A local file is read from
 * the handle opened at start, so an archive replaced on disk (renamed over) keeps being served as
 * it was until a restart; a remote one that changes upstream is refused, not mixed (If-Match).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { bytesToHeader, type Header } from 'pmtiles';

/** PMTiles v3 header length. */
const HEADER_BYTES = 127;
/** The header and root directory: what the version is a hash of (and what a reader asks for first). */
const HEAD_BYTES = 16_384;
/** Longest wait for a remote server's answer to start (the body then streams at its pace). */
const UPSTREAM_TIMEOUT_MS = 15_000;

export interface StreetsArchive {
  /** 12 hex digits naming this archive's bytes. */
  version: string;
  size: number;
  /** Our strong entity tag of the archive (quotes included). */
  etag: string;
  lastModified: string | undefined;
  /** Zooms and bounds from the archive's header. */
  header: Pick<Header, 'minZoom' | 'maxZoom' | 'minLon' | 'minLat' | 'maxLon' | 'maxLat' | 'tileType'>;
  /** Where it is, for logs: the file path, or the URL without its query (which may hold a key). */
  describe: string;
  /** Bytes `start` to `end` (inclusive) as a stream. */
  read(start: number, end: number): Promise<Readable>;
  close(): Promise<void>;
}

/** The remote archive answered in a way that cannot be passed on (changed, unreachable, no ranges). */
export class UpstreamError extends Error {}

function versionOf(size: number, head: Buffer): string {
  return crypto.createHash('sha256').update(`${size}\n`).update(head).digest('hex').slice(0, 12);
}

function parseHeader(bytes: Buffer): StreetsArchive['header'] {
  if (bytes.length < HEADER_BYTES || bytes.toString('ascii', 0, 7) !== 'PMTiles') {
    throw new Error('not a PMTiles archive (its first bytes are not a PMTiles header)');
  }
  const data = new ArrayBuffer(HEADER_BYTES);
  new Uint8Array(data).set(bytes.subarray(0, HEADER_BYTES));
  const header = bytesToHeader(data);
  if (header.specVersion !== 3) throw new Error(`PMTiles spec version ${header.specVersion}, not 3`);
  const { minZoom, maxZoom, minLon, minLat, maxLon, maxLat, tileType } = header;
  return { minZoom, maxZoom, minLon, minLat, maxLon, maxLat, tileType };
}

/** Opens BASEMAP_PMTILES (config.ts has made a path absolute and checked a URL's scheme). */
export function openStreetsArchive(location: string): Promise<StreetsArchive> {
  return /^https?:\/\//i.test(location) ? openRemote(location) : openLocal(location);
}

async function openLocal(file: string): Promise<StreetsArchive> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const stat = await handle.stat();
    const first = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(first, 0, HEAD_BYTES, 0);
    const head = first.subarray(0, bytesRead);
    const header = parseHeader(head);
    const version = versionOf(stat.size, head);
    return {
      version,
      size: stat.size,
      etag: `"${version}"`,
      lastModified: stat.mtime.toUTCString(),
      header,
      describe: file,
      // Positional reads on the shared handle: concurrent ranges do not disturb each other.
      read: async (start, end) => handle.createReadStream({ start, end, autoClose: false }),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A GET of `url` with these headers, whose answer must start within UPSTREAM_TIMEOUT_MS. */
async function upstreamGet(url: string, headers: Record<string, string>): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new UpstreamError(`no answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`)),
    UPSTREAM_TIMEOUT_MS,
  );
  try {
    // identity: the bytes as stored, so the ranges count the archive's bytes.
    return await fetch(url, {
      headers: { ...headers, 'accept-encoding': 'identity' },
      signal: controller.signal,
      redirect: 'follow',
    });
  } catch (error) {
    throw new UpstreamError(`the archive's server could not be reached: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** `bytes a-b/size` → [a, b, size]; undefined when absent or not of that form. */
function contentRange(response: Response): [number, number, number] | undefined {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** A strong ETag only: a weak one cannot guard byte ranges (RFC 9110 13.1.1). */
function strongEtag(response: Response): string | undefined {
  const etag = response.headers.get('etag') ?? undefined;
  return etag && !etag.startsWith('W/') ? etag : undefined;
}

async function openRemote(url: string): Promise<StreetsArchive> {
  const describe = url.split('?')[0]!;
  // One request gives the header and root directory, the size (Content-Range) and the validator.
  const first = await upstreamGet(url, { range: `bytes=0-${HEAD_BYTES - 1}` });
  const range = contentRange(first);
  if (first.status !== 206 || !range) {
    await first.body?.cancel();
    throw new UpstreamError(
      `${describe} answered ${first.status} without a byte range: its server must support Range requests`,
    );
  }
  const head = Buffer.from(await first.arrayBuffer());
  const header = parseHeader(head);
  const size = range[2];
  const upstreamEtag = strongEtag(first);
  const lastModified = first.headers.get('last-modified') ?? undefined;
  const version = versionOf(size, head);
  return {
    version,
    size,
    etag: `"${version}"`,
    lastModified,
    header,
    describe,
    async read(start, end) {
      const headers: Record<string, string> = { range: `bytes=${start}-${end}` };
      // The same archive or nothing: a changed one answers 412 rather than other bytes.
      if (upstreamEtag) headers['if-match'] = upstreamEtag;
      else if (lastModified) headers['if-unmodified-since'] = lastModified;
      const response = await upstreamGet(url, headers);
      const got = contentRange(response);
      const changed =
        response.status === 412 ||
        (upstreamEtag !== undefined &&
          strongEtag(response) !== undefined &&
          strongEtag(response) !== upstreamEtag) ||
        (got !== undefined && got[2] !== size);
      const exact =
        (response.status === 206 && got?.[0] === start && got[1] === end) ||
        (response.status === 200 && start === 0 && end === size - 1);
      if (changed || !exact || !response.body) {
        await response.body?.cancel();
        throw new UpstreamError(
          changed
            ? `${describe} changed since the server started (restart it to serve the new archive)`
            : `${describe} answered ${response.status} ${response.headers.get('content-range') ?? ''} to bytes=${start}-${end}`,
        );
      }
      // The web stream is cancelled (and the upstream request with it) when ours is destroyed,
      // as when the browser goes away mid-answer.
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    close: async () => undefined,
  };
}
