/**
 * The catalogue through time: `standingInYear` on the map and the card list, over the
 * seeded catalogue, whose demolished buildings (Crystal Palace 1851–1936, Pennsylvania Station
 * 1910–1963, the World Trade Center 1973–2001, …) appear only while they stood.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingListSchema } from '#domain/building-list';
import { standsInYear } from '#domain/building-filters';
import { currentYear } from '#domain/constants';
import { SEED_BUILDINGS } from '../../db/seed-data/buildings.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountedFor, clustersOf, getGeojson, pointsOf } from './buildings.test-support.ts';

let t: TestApp;
/** The same seeded catalogue with a tiny point budget, so that filtered maps must cluster. */
let clustered: TestApp;

const DEMOLISHED = {
  crystal: 'Crystal Palace',
  penn: 'Pennsylvania Station (1910)',
  wtc: 'World Trade Center Twin Towers',
};

beforeAll(async () => {
  t = await createTestApp({ SEED: 'true' });
  clustered = await createTestApp({ SEED: 'true', GEOJSON_MAX_FEATURES: '5' });
});

afterAll(async () => {
  await t?.close();
  await clustered?.close();
});

/** Names the whole-world map shows as points in a year (the default budget holds the seed). */
async function mapNames(year: number): Promise<string[]> {
  const body = await getGeojson(t.app, `?standingInYear=${year}`);
  expect(body.truncated).toBe(false);
  return pointsOf(body).map((p) => p.properties.name);
}

async function listNames(query: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/?per_page=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return buildingListSchema.parse(res.json()).items.map((i) => i.name);
}

const expectedNames = (year: number) =>
  SEED_BUILDINGS.filter((b) =>
    standsInYear({ year_built: b.yearBuilt, year_demolished: b.yearDemolished }, year),
  )
    .map((b) => b.name)
    .sort();

describe('standingInYear', () => {
  it('shows the seeded demolished buildings only while they stood, on the map', async () => {
    const y1850 = await mapNames(1850);
    expect(y1850).not.toContain(DEMOLISHED.crystal);
    const y1851 = await mapNames(1851);
    expect(y1851).toContain(DEMOLISHED.crystal);
    expect(y1851).not.toContain(DEMOLISHED.penn);
    const y1935 = await mapNames(1935);
    expect(y1935).toEqual(expect.arrayContaining([DEMOLISHED.crystal, DEMOLISHED.penn]));
    expect(y1935).not.toContain(DEMOLISHED.wtc);
    // Demolished in 1936: gone in that year.
    expect(await mapNames(1936)).not.toContain(DEMOLISHED.crystal);
    const y1963 = await mapNames(1963);
    expect(y1963).not.toContain(DEMOLISHED.penn);
    expect(await mapNames(1962)).toContain(DEMOLISHED.penn);
    expect(await mapNames(2000)).toContain(DEMOLISHED.wtc);
    const y2001 = await mapNames(2001);
    expect(y2001).not.toContain(DEMOLISHED.wtc);
    expect(y2001).not.toContain(DEMOLISHED.crystal);
  });

  it('answers exactly the buildings that stood, including those with no year built', async () => {
    const noYear = SEED_BUILDINGS.find((b) => b.yearBuilt === null);
    expect(noYear).toBeDefined();
    for (const year of [-10000, -500, 1000, 1850, 1936, 1970, 2001, currentYear()]) {
      expect((await mapNames(year)).sort(), String(year)).toEqual(expectedNames(year));
    }
    expect(await mapNames(-10000)).toContain(noYear!.name);
  });

  it('filters the card list the same way, and combines with the other filters', async () => {
    expect((await listNames('standingInYear=1900')).sort()).toEqual(expectedNames(1900));
    expect(await listNames('standingInYear=1950')).toContain(DEMOLISHED.penn);
    expect(await listNames('standingInYear=1970')).not.toContain(DEMOLISHED.penn);
    // Built between 1850 and 1900 and still standing in 1940: the Crystal Palace had gone.
    const combined = await listNames('standingInYear=1940&builtAfterDate=1850&builtBeforeDate=1900');
    expect(combined).not.toContain(DEMOLISHED.crystal);
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.sort()).toEqual(
      SEED_BUILDINGS.filter(
        (b) =>
          b.yearBuilt !== null &&
          b.yearBuilt >= 1850 &&
          b.yearBuilt <= 1900 &&
          standsInYear({ year_built: b.yearBuilt, year_demolished: b.yearDemolished }, 1940),
      )
        .map((b) => b.name)
        .sort(),
    );
  });

  it('counts clusters from the buildings standing that year, not from the unfiltered grid', async () => {
    for (const year of [1000, 1930, 2001]) {
      const body = await getGeojson(clustered.app, `?standingInYear=${year}`);
      const expected = expectedNames(year).length;
      expect(body.truncated, String(year)).toBe(true);
      expect(body.approximate).toBe(false);
      expect(body.total).toBe(expected);
      expect(accountedFor(body)).toBe(expected);
      expect(clustersOf(body).length).toBeGreaterThan(0);
    }
    // Manhattan in 1935: Pennsylvania Station stood, the World Trade Center did not yet.
    const manhattan = '?north=40.8&south=40.7&east=-73.9&west=-74.1';
    const y1935 = await getGeojson(clustered.app, `${manhattan}&standingInYear=1935`);
    const names1935 = pointsOf(y1935).map((p) => p.properties.name);
    expect(names1935).toContain(DEMOLISHED.penn);
    expect(names1935).not.toContain(DEMOLISHED.wtc);
  });

  it('keeps the map cache apart per year', async () => {
    const a = await getGeojson(clustered.app, '?standingInYear=1850');
    const b = await getGeojson(clustered.app, '?standingInYear=2001');
    const again = await getGeojson(clustered.app, '?standingInYear=1850');
    expect(a.total).toBe(expectedNames(1850).length);
    expect(b.total).toBe(expectedNames(2001).length);
    expect(again.total).toBe(a.total);
    expect(a.total).not.toBe(b.total);
  });

  it.each([
    ['standingInYear=-10001', 'standingInYear'],
    [`standingInYear=${currentYear() + 1}`, 'standingInYear'],
    ['standingInYear=1900.5', 'standingInYear'],
    ['standingInYear=abc', 'standingInYear'],
    ['standingInYear=', 'standingInYear'],
  ])('answers 400 problem JSON for %s, on the map and the list', async (query, mentions) => {
    for (const url of [`/api/buildings/geojson?${query}`, `/api/buildings/?${query}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toContain(mentions);
    }
  });
});
