/**
 * A ZIP archive written as a stream (fflate's streaming Zip): entries are added one after another,
 * each from an async source of chunks, and the archive's bytes come out as an async generator that
 * is pulled by its reader. Nothing runs ahead of the reader, so memory holds about one chunk of one
 * entry, whatever the archive's size (docs/decisions/2026-11-27-zip-export-with-fflate.md).
 *
 * fflate writes no ZIP64: an archive must stay under 4 GiB (ZIP_MAX_BYTES; offsets are 32-bit).
 */
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';

/** What a plain ZIP can address; the caller keeps the archive below it (with room for headers). */
export const ZIP_MAX_BYTES = 0xffff_ffff;

export interface ZipEntry {
  /** The path inside the archive, with `/` between folders. */
  name: string;
  /** The entry's bytes (strings are written as UTF-8). */
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
  /** Deflate (text) or store (files that are compressed already, such as photos). */
  compress: boolean;
  /** The entry's date; now by default. */
  mtime?: Date;
}

const encoder = new TextEncoder();
const bytesOf = (chunk: Uint8Array | string) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk);

/**
 * The archive of `entries`, in order. Each entry is read only once the previous one is written,
 * and each chunk only once the reader took the bytes before it.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate calls back synchronously from add/push/end with what each wrote: collected, then yielded.
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  }

  for await (const entry of entries) {
    const file: ZipInputFile & { push(chunk: Uint8Array, final?: boolean): void } = entry.compress
      ? new ZipDeflate(entry.name, { level: 6 })
      : new ZipPassThrough(entry.name);
    file.mtime = entry.mtime ?? new Date();
    zip.add(file);
    for await (const chunk of entry.chunks) {
      const bytes = bytesOf(chunk);
      if (bytes.length === 0) continue;
      file.push(bytes);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
