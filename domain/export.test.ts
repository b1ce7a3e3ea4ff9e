import { describe, expect, it } from 'vitest';
import {
  exportFeatureCollectionSchema,
  csvLine,
  csvText,
  exportFilename,
  geojsonEnvelope,
  type ExportRecord,
} from './export.ts';

const record: ExportRecord = {
  id: 7,
  name: 'Crystal Palace',
  lng: -0.0737,
  lat: 51.4219,
  year_built: 1851,
  year_demolished: 1936,
  styles: ['Victorian', 'Industrial'],
  architects: ['Joseph Paxton'],
  city: 'London',
  country_code: 'GB',
  url: 'https://atlas.example/buildings/7',
  cover_image: null,
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
};

describe('csvText', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+44 20', "'+44 20"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvText(value)).toBe(cell);
  });

  it('writes null and empty as an empty cell', () => {
    expect(csvText(null)).toBe('');
    expect(csvText('')).toBe('');
  });
});

describe('csvLine', () => {
  it('writes the columns in header order, numbers unguarded, lists joined, CRLF at the end', () => {
    expect(csvLine(record)).toBe(
      '7,Crystal Palace,-0.0737,51.4219,1851,1936,Victorian; Industrial,Joseph Paxton,London,GB,https://atlas.example/buildings/7\r\n',
    );
    expect(
      csvLine({ ...record, year_built: null, year_demolished: null, styles: [], architects: [], city: null }),
    ).toBe('7,Crystal Palace,-0.0737,51.4219,,,,,,GB,https://atlas.example/buildings/7\r\n');
  });
});

describe('geojsonEnvelope', () => {
  it('wraps features into one valid document with the licence members', () => {
    const { head, tail } = geojsonEnvelope('Atlas', new Date('2026-11-23T10:00:00Z'));
    const doc = JSON.parse(`${head}{"type":"Feature"},{"type":"Feature"}${tail}`) as { features: unknown[] };
    expect(doc).toMatchObject({
      type: 'FeatureCollection',
      name: 'Atlas',
      license: 'ODbL-1.0',
      license_url: 'https://opendatacommons.org/licenses/odbl/1-0/',
      generated_at: '2026-11-23T10:00:00.000Z',
    });
    expect(doc.features).toHaveLength(2);
    expect(exportFeatureCollectionSchema.parse(JSON.parse(head + tail)).features).toEqual([]);
  });
});

describe('exportFilename', () => {
  it('names the download by date (and list)', () => {
    const day = new Date('2026-11-23T23:00:00Z');
    expect(exportFilename('csv', day)).toBe('atlas-of-buildings-2026-11-23.csv');
    expect(exportFilename('geojson', day, 12)).toBe('atlas-of-buildings-list-12-2026-11-23.geojson');
  });
});
