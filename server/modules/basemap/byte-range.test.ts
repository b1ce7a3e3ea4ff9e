import { describe, expect, it } from 'vitest';
import { answerRange, ifRangeMatches } from './byte-range.ts';

const archive = { size: 1000, etag: '"abc123def456"', lastModified: 'Fri, 27 Nov 2026 10:00:00 GMT' };
const ask = (range: string | undefined, ifRange?: string) => answerRange({ range, ifRange }, archive);

describe('answerRange (RFC 9110 byte ranges for the streets archive)', () => {
  it('sends the whole archive when no range is asked for', () => {
    expect(ask(undefined)).toEqual({ kind: 'whole' });
  });

  it('sends one closed range, an open-ended one and a suffix', () => {
    expect(ask('bytes=0-126')).toEqual({ kind: 'part', start: 0, end: 126 });
    expect(ask('bytes=900-')).toEqual({ kind: 'part', start: 900, end: 999 });
    expect(ask('bytes=-100')).toEqual({ kind: 'part', start: 900, end: 999 });
  });

  it('cuts a range that runs past the end to the last byte, and a suffix longer than the archive to all of it', () => {
    expect(ask('bytes=990-5000')).toEqual({ kind: 'part', start: 990, end: 999 });
    expect(ask('bytes=-5000')).toEqual({ kind: 'part', start: 0, end: 999 });
  });

  it('finds a range starting at or past the end, or an empty suffix, unsatisfiable (416)', () => {
    expect(ask('bytes=1000-1100')).toEqual({ kind: 'unsatisfiable' });
    expect(ask('bytes=5000-')).toEqual({ kind: 'unsatisfiable' });
    expect(ask('bytes=-0')).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores a header it cannot honour as one range (bad syntax, another unit, several ranges) and sends the whole archive', () => {
    for (const range of [
      'bytes=abc',
      'bytes=10-5',
      'items=0-10',
      'bytes=-',
      'bytes=0-1,5-9',
      'bytes=99999999999999999999-',
    ])
      expect(ask(range), range).toEqual({ kind: 'whole' });
  });

  it('honours the range only while If-Range still names this archive (its strong ETag or exact date)', () => {
    expect(ask('bytes=0-9', '"abc123def456"')).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(ask('bytes=0-9', archive.lastModified)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(ask('bytes=0-9', '"an-older-archive"')).toEqual({ kind: 'whole' });
    expect(ask('bytes=0-9', 'Thu, 26 Nov 2026 10:00:00 GMT')).toEqual({ kind: 'whole' });
  });

  it('never lets a weak validator match If-Range', () => {
    expect(ifRangeMatches('W/"abc123def456"', archive)).toBe(false);
    expect(ifRangeMatches('"abc123def456"', { ...archive, lastModified: undefined })).toBe(true);
    expect(ifRangeMatches(archive.lastModified, { ...archive, lastModified: undefined })).toBe(false);
  });
});
