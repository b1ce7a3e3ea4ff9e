/**
 * GET /api/buildings/export over the seeded catalogue: both formats parsed back, the
 * map's filters honoured (styles, years, bounding box, standingInYear with the seeded demolished
 * buildings), the licence headers, 400s, formula-injection guard and batched reads.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standsInYear } from '#domain/building-filters';
import {
  CSV_COLUMNS,
  DATA_LICENSE,
  exportFeatureCollectionSchema,
  type ExportFeatureCollection,
} from '#domain/export';
import { SEED_ARCHITECTS } from '../../db/seed-data/architects.ts';
import { SEED_BUILDINGS, type SeedBuilding } from '../../db/seed-data/buildings.ts';
import { architecturalStyles, buildings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exportBatches } from './buildings.export.ts';
import { buildingFilterWhere } from '../buildings/buildings.queries.ts';
import { csvObjects, parseCsv } from './export.test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'true' });
});
afterAll(async () => t?.close());

async function exportRaw(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/buildings/export?${query}` });
}

async function csv(query: string): Promise<Record<string, string>[]> {
  const res = await exportRaw(`format=csv&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return csvObjects(res.body);
}

async function geojson(query: string): Promise<ExportFeatureCollection> {
  const res = await exportRaw(`format=geojson&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return exportFeatureCollectionSchema.parse(JSON.parse(res.body));
}

/** Names both formats give for a query (checked equal), sorted. */
async function exportedNames(query: string): Promise<string[]> {
  const fromCsv = (await csv(query)).map((r) => r.name!).sort();
  const fromGeojson = (await geojson(query)).features.map((f) => f.properties.name).sort();
  expect(fromGeojson).toEqual(fromCsv);
  return fromCsv;
}

const seedNames = (keep: (b: SeedBuilding) => boolean) =>
  SEED_BUILDINGS.filter(keep)
    .map((b) => b.name)
    .sort();

const standing = (b: SeedBuilding, year: number) =>
  standsInYear({ year_built: b.yearBuilt, year_demolished: b.yearDemolished }, year);

describe('GET /api/buildings/export', () => {
  it('sends the whole catalogue as CSV: the exact header, RFC 4180 records, card facts and architects', async () => {
    const res = await exportRaw('format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(
      res.body.startsWith(
        'id,name,lng,lat,year_built,year_demolished,styles,architects,city,country_code,url\r\n',
      ),
    ).toBe(true);
    const [header] = parseCsv(res.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    const rows = csvObjects(res.body);
    expect(rows.length).toBe(SEED_BUILDINGS.length);
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const crystal = rows.find((r) => r.name === 'Crystal Palace')!;
    expect(crystal).toMatchObject({
      lng: '-0.0737',
      lat: '51.4219',
      year_built: '1851',
      year_demolished: '1936',
      styles: 'Victorian',
      architects: 'Joseph Paxton',
      city: 'London',
      country_code: 'GB',
      url: `${t.config.publicUrl}/buildings/${crystal.id}`,
    });
    // Several architects in the order given, joined with '; '.
    const peters = rows.find((r) => r.name === "St. Peter's Basilica")!;
    expect(peters.architects).toBe(SEED_ARCHITECTS["St. Peter's Basilica"]!.join('; '));
    const noYear = rows.find((r) => r.year_built === '');
    expect(noYear).toBeDefined();
  });

  it('sends the whole catalogue as GeoJSON points with the card properties, architects and the licence', async () => {
    const body = await geojson('');
    expect(body).toMatchObject({
      type: 'FeatureCollection',
      license: 'ODbL-1.0',
      license_url: DATA_LICENSE.url,
    });
    expect(body.attribution).toContain('ODbL');
    expect(Date.parse(body.generated_at)).not.toBeNaN();
    expect(body.features.length).toBe(SEED_BUILDINGS.length);
    const crystal = body.features.find((f) => f.properties.name === 'Crystal Palace')!;
    expect(crystal.geometry).toEqual({ type: 'Point', coordinates: [-0.0737, 51.4219] });
    expect(crystal.id).toBe(crystal.properties.id);
    expect(crystal.properties).toMatchObject({
      year_built: 1851,
      year_demolished: 1936,
      styles: ['Victorian'],
      architects: ['Joseph Paxton'],
      city: 'London',
      country_code: 'GB',
      cover_image: null,
      vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
    });
  });

  it('states the licence and the download in headers, and streams the reply (chunked, no length)', async () => {
    for (const format of ['csv', 'geojson'] as const) {
      const res = await exportRaw(`format=${format}`);
      expect(res.headers.link).toBe('<https://opendatacommons.org/licenses/odbl/1-0/>; rel="license"');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="atlas-of-buildings-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
      );
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['content-length']).toBeUndefined();
    }
    expect((await exportRaw('format=geojson')).headers['content-type']).toBe(
      'application/geo+json; charset=utf-8',
    );
  });

  it('honours standingInYear: the seeded demolished buildings appear only while they stood', async () => {
    const y1935 = await exportedNames('standingInYear=1935');
    expect(y1935).toEqual(seedNames((b) => standing(b, 1935)));
    expect(y1935).toEqual(expect.arrayContaining(['Crystal Palace', 'Pennsylvania Station (1910)']));
    expect(y1935).not.toContain('World Trade Center Twin Towers');
    const y2001 = await exportedNames('standingInYear=2001');
    expect(y2001).toEqual(seedNames((b) => standing(b, 2001)));
    expect(y2001).not.toContain('Crystal Palace');
    expect(y2001).not.toContain('World Trade Center Twin Towers');
    expect(await exportedNames('standingInYear=2000')).toContain('World Trade Center Twin Towers');
  });

  it('honours the style and year filters, together', async () => {
    const [victorian] = await t.app.db
      .select({ id: architecturalStyles.id })
      .from(architecturalStyles)
      .where(eq(architecturalStyles.name, 'Victorian'));
    const styled = await exportedNames(`archStyles=${victorian!.id}`);
    expect(styled).toEqual(seedNames((b) => b.styles.includes('Victorian')));
    expect(styled.length).toBeGreaterThan(1);
    const years = await exportedNames('builtAfterDate=1850&builtBeforeDate=1900');
    expect(years).toEqual(
      seedNames((b) => b.yearBuilt !== null && b.yearBuilt >= 1850 && b.yearBuilt <= 1900),
    );
    const both = await exportedNames(
      `archStyles=${victorian!.id}&builtAfterDate=1850&builtBeforeDate=1900&standingInYear=1940`,
    );
    expect(both).toEqual(
      seedNames(
        (b) =>
          b.styles.includes('Victorian') &&
          b.yearBuilt !== null &&
          b.yearBuilt >= 1850 &&
          b.yearBuilt <= 1900 &&
          standing(b, 1940),
      ),
    );
    expect(both).not.toContain('Crystal Palace');
  });

  it('honours the bounding box, also across the antimeridian', async () => {
    const london = await exportedNames('north=51.7&south=51.3&east=0.3&west=-0.5');
    expect(london).toEqual(seedNames((b) => b.lat >= 51.3 && b.lat <= 51.7 && b.lng >= -0.5 && b.lng <= 0.3));
    expect(london).toContain('Crystal Palace');
    const pacific = await exportedNames('north=90&south=-90&east=-150&west=150');
    expect(pacific).toEqual(seedNames((b) => b.lng >= 150 || b.lng <= -150));
    for (const f of (await geojson('north=51.7&south=51.3&east=0.3&west=-0.5')).features) {
      const [lng, lat] = f.geometry.coordinates;
      expect(lat).toBeGreaterThanOrEqual(51.3);
      expect(lng).toBeLessThanOrEqual(0.3);
    }
  });

  it.each([
    ['', 'format'],
    ['format=xml', 'format'],
    ['format=CSV', 'format'],
    ['format=csv&standingInYear=abc', 'standingInYear'],
    ['format=csv&standingInYear=-10001', 'standingInYear'],
    ['format=geojson&archStyles=1,,2', 'archStyles'],
    ['format=csv&north=10', 'north'],
    ['format=csv&north=10&south=20&east=1&west=0', 'north'],
    ['format=geojson&builtAfterDate=1900.5', 'builtAfterDate'],
  ])('answers 400 problem JSON for ?%s', async (query, mentions) => {
    const res = await exportRaw(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).toContain(mentions);
  });

  it('guards spreadsheet formulas in text cells, keeps numbers as they are, and quotes what RFC 4180 says', async () => {
    const [row] = await t.app.db
      .insert(buildings)
      .values({
        name: '=HYPERLINK("http://evil.example","Click, me")',
        lng: -0.5,
        lat: -89.5,
        city: '@SUM(A1)',
      })
      .returning({ id: buildings.id });
    const [other] = await t.app.db
      .insert(buildings)
      .values({ name: 'Line\nbreak -and "quotes"', lng: -0.4, lat: -89.5, city: '+44 Street' })
      .returning({ id: buildings.id });
    const box = 'north=-89&south=-90&east=0&west=-1';
    const res = await exportRaw(`format=csv&${box}`);
    expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click, me"")",-0.5,-89.5,`);
    const rows = csvObjects(res.body);
    expect(rows.map((r) => Number(r.id))).toEqual([row!.id, other!.id]);
    expect(rows[0]).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","Click, me")`,
      city: "'@SUM(A1)",
      lng: '-0.5',
    });
    expect(rows[1]).toMatchObject({ name: 'Line\nbreak -and "quotes"', city: "'+44 Street" });
    // GeoJSON is data, not a spreadsheet: names stay as they are.
    const names = (await geojson(box)).features.map((f) => f.properties.name);
    expect(names).toEqual(['=HYPERLINK("http://evil.example","Click, me")', 'Line\nbreak -and "quotes"']);
    await t.app.db.delete(buildings).where(eq(buildings.id, row!.id));
    await t.app.db.delete(buildings).where(eq(buildings.id, other!.id));
  });

  it('reads the database in keyset batches by id: every building once, in order, at most a batch a query', async () => {
    const ctx = { db: t.app.db, media: t.app.media, publicUrl: t.config.publicUrl };
    const batches: number[][] = [];
    for await (const batch of exportBatches(ctx, undefined, 7)) batches.push(batch.map((r) => r.id));
    expect(batches.length).toBe(Math.ceil(SEED_BUILDINGS.length / 7));
    expect(batches.every((b) => b.length <= 7 && b.length > 0)).toBe(true);
    const ids = batches.flat();
    expect(ids.length).toBe(SEED_BUILDINGS.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // With a filter, batches page over the matching rows only.
    const filtered: number[] = [];
    for await (const batch of exportBatches(ctx, buildingFilterWhere({ standingInYear: 1935 }), 5)) {
      expect(batch.length).toBeLessThanOrEqual(5);
      filtered.push(...batch.map((r) => r.id));
    }
    expect(filtered.length).toBe(seedNames((b) => standing(b, 1935)).length);
  });
});
