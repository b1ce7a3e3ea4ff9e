/**
 * The search's place gazetteer as one binary file, written when the server is bundled
 * (scripts/start.mjs runs write-places.ts) and read by the bundled server at start: the typed
 * arrays are copied out of the file's bytes in one piece and the three string tables are decoded
 * once, so loading takes milliseconds and keeps nothing of the file. Building it from the package's data at start cost
 * ≈ 1 s of CPU and ≈ 50 MB of short-lived objects that stayed in the resident set for tens of
 * seconds (docs/decisions/2026-11-27-places-file.md).
 *
 * Layout, little-endian as the machine's typed arrays (checked): 'ATLP', a Uint32 byte-order
 * mark, the header's length, the header (JSON: format, place count, each section's offset and
 * length), then the sections, each at a multiple of 8 bytes.
 */

/**
 * The gazetteer in a few flat arrays and two string tables, biggest place first: these hold
 * ≈ 10 MB where the package's objects held ≈ 60 MB. Place i's name is
 * names.slice(nameAt[i], nameAt[i + 1]).
 */
export interface Gazetteer {
  names: string;
  nameAt: Int32Array;
  /** The names normalised (normalise()), likewise. */
  keys: string;
  keyAt: Int32Array;
  /** ISO 3166-1 alpha-2 codes, two letters a place. */
  countries: string;
  lng: Float64Array;
  lat: Float64Array;
  /**
   * Places by the first two and by the first three letters of each word of their name, biggest
   * first. A query of three letters or more looks only in its three-letter bucket: a typo must
   * come after the third letter, and a query costs a few hundred comparisons, not thousands.
   */
  buckets: Map<string, Int32Array>;
}

const MAGIC = 'ATLP';
const BYTE_ORDER = 0x01020304;
/** Bumped whenever the layout or the meaning of a section changes: an older file is not read. */
export const PLACES_FILE_FORMAT = 1;

interface Header {
  format: number;
  places: number;
  sections: Record<SectionName, [offset: number, length: number]>;
}

type SectionName =
  | 'nameAt'
  | 'keyAt'
  | 'lng'
  | 'lat'
  | 'bucketStart'
  | 'bucketPlaces'
  | 'names'
  | 'keys'
  | 'countries'
  | 'heads';

const align8 = (n: number) => Math.ceil(n / 8) * 8;
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The gazetteer's bytes, to be read back by decodeGazetteer. */
export function encodeGazetteer(g: Gazetteer): Buffer {
  const heads = [...g.buckets.keys()];
  const bucketStart = new Int32Array(heads.length + 1);
  heads.forEach((head, i) => (bucketStart[i + 1] = bucketStart[i]! + g.buckets.get(head)!.length));
  const bucketPlaces = new Int32Array(bucketStart[heads.length]!);
  heads.forEach((head, i) => bucketPlaces.set(g.buckets.get(head)!, bucketStart[i]));
  const parts: Record<SectionName, Buffer> = {
    nameAt: bytesOf(g.nameAt),
    keyAt: bytesOf(g.keyAt),
    lng: bytesOf(g.lng),
    lat: bytesOf(g.lat),
    bucketStart: bytesOf(bucketStart),
    bucketPlaces: bytesOf(bucketPlaces),
    names: utf8(g.names),
    keys: utf8(g.keys),
    countries: utf8(g.countries),
    // Heads are two or three letters of a normalised name: never a line break.
    heads: utf8(heads.join('\n')),
  };
  const sections = {} as Header['sections'];
  let offset = 0;
  for (const [name, bytes] of Object.entries(parts) as [SectionName, Buffer][]) {
    sections[name] = [offset, bytes.length];
    offset = align8(offset + bytes.length);
  }
  const header = utf8(JSON.stringify({ format: PLACES_FILE_FORMAT, places: g.lng.length, sections }));
  const start = align8(12 + header.length);
  const file = Buffer.alloc(start + offset);
  file.write(MAGIC, 0, 'latin1');
  new DataView(file.buffer, file.byteOffset).setUint32(4, BYTE_ORDER, true);
  file.writeUInt32LE(header.length, 8);
  header.copy(file, 12);
  for (const [name, bytes] of Object.entries(parts) as [SectionName, Buffer][])
    bytes.copy(file, start + sections[name][0]);
  return file;
}

/**
 * The gazetteer in a file's bytes, or undefined when they are not a file of this format (another
 * format version, another byte order, cut short): the caller then builds it from the package.
 */
export function decodeGazetteer(file: Uint8Array): Gazetteer | undefined {
  if (file.length < 12 || Buffer.from(file.buffer, file.byteOffset, 4).toString('latin1') !== MAGIC)
    return undefined;
  // Typed-array views need their element size's alignment: copy a buffer that lacks it.
  const bytes = file.byteOffset % 8 === 0 ? file : new Uint8Array(file);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Written with the machine's own byte order: read back only where it is the same.
  if (new Uint32Array(bytes.buffer, bytes.byteOffset + 4, 1)[0] !== BYTE_ORDER) return undefined;
  const headerLength = view.getUint32(8, true);
  let header: Header;
  try {
    header = JSON.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset + 12, headerLength).toString('utf8'),
    ) as Header;
  } catch {
    return undefined;
  }
  if (header.format !== PLACES_FILE_FORMAT) return undefined;
  const start = align8(12 + headerLength);
  const end = Math.max(...Object.values(header.sections).map(([at, length]) => at + length));
  if (start + end > bytes.length) return undefined;
  const at = (name: SectionName) => bytes.byteOffset + start + header.sections[name][0];
  const count = (name: SectionName, size: number) => header.sections[name][1] / size;
  // The numbers are copied out of the file (one buffer for all of them): views on it would keep
  // the whole file alive, its string sections too (≈ 3 MB that the decoded strings repeat).
  const numeric: SectionName[] = ['nameAt', 'keyAt', 'bucketStart', 'bucketPlaces', 'lng', 'lat'];
  const kept = new Uint8Array(numeric.reduce((sum, name) => sum + align8(header.sections[name][1]), 0));
  const keptAt = new Map<SectionName, number>();
  numeric.reduce((offset, name) => {
    kept.set(
      bytes.subarray(at(name) - bytes.byteOffset, at(name) - bytes.byteOffset + header.sections[name][1]),
      offset,
    );
    keptAt.set(name, offset);
    return offset + align8(header.sections[name][1]);
  }, 0);
  const ints = (name: SectionName) => new Int32Array(kept.buffer, keptAt.get(name), count(name, 4));
  const floats = (name: SectionName) => new Float64Array(kept.buffer, keptAt.get(name), count(name, 8));
  const text = (name: SectionName) =>
    Buffer.from(bytes.buffer, at(name), header.sections[name][1]).toString('utf8');
  const bucketStart = ints('bucketStart');
  const bucketPlaces = ints('bucketPlaces');
  const buckets = new Map<string, Int32Array>();
  text('heads')
    .split('\n')
    .forEach((head, i) => buckets.set(head, bucketPlaces.subarray(bucketStart[i], bucketStart[i + 1])));
  return {
    names: text('names'),
    nameAt: ints('nameAt'),
    keys: text('keys'),
    keyAt: ints('keyAt'),
    countries: text('countries'),
    lng: floats('lng'),
    lat: floats('lat'),
    buckets,
  };
}
