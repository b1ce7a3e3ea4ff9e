/**
 * Byte ranges as RFC 9110 (section 14) has them, for the streets archive, whose client (the map's
 * PMTiles reader) asks for one range at a time: the header and root directory, leaf directories,
 * tiles. Pure rules, so the local file and the proxied remote archive answer alike.
 */

/** What to answer a GET: the whole body, one part of it (206), or 416 (nothing of it satisfiable). */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

export interface RangeRequest {
  /** The Range header as sent. */
  range: string | undefined;
  /** The If-Range header as sent. */
  ifRange: string | undefined;
}

export interface Representation {
  size: number;
  /** A strong entity tag, quotes included. */
  etag: string;
  /** The Last-Modified date as sent (HTTP-date), when there is one. */
  lastModified?: string | undefined;
}

/**
 * Whether an If-Range validator still names this representation: the same strong entity tag, or
 * the exact Last-Modified date (a weak tag never matches: section 13.1.5).
 */
export function ifRangeMatches(ifRange: string, representation: Representation): boolean {
  const value = ifRange.trim();
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return value === representation.etag;
  return representation.lastModified !== undefined && value === representation.lastModified;
}

const SPEC = /^(\d*)-(\d*)$/;

/**
 * The answer to a request's Range and If-Range headers. A header that is not one `bytes` range
 * (another unit, bad syntax, or several ranges, which would need a multipart answer) is ignored
 * and the whole body sent, as the RFC allows; a syntactically valid range starting past the end
 * (or an empty suffix) is unsatisfiable. An end past the last byte is cut to it.
 */
export function answerRange({ range, ifRange }: RangeRequest, representation: Representation): RangeAnswer {
  if (range === undefined) return { kind: 'whole' };
  if (ifRange !== undefined && !ifRangeMatches(ifRange, representation)) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(range);
  if (!match) return { kind: 'whole' };
  const specs = match[1]!.split(',').map((s) => s.trim());
  if (specs.length !== 1) return { kind: 'whole' };
  const spec = SPEC.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'whole' };
  const { size } = representation;
  if (spec[1] === '') {
    // A suffix: the last n bytes.
    const length = Number(spec[2]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? Number.MAX_SAFE_INTEGER : Number(spec[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}
