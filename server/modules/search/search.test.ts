/** GET /api/search on the seeded catalogue, on PGlite and, with TEST_DATABASE_URL, PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type SearchHit } from '#domain/search';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postBuilding } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import { snapshotDb } from '../../test/db-snapshot.ts';

let t: TestApp;
beforeAll(async () => {
  // Seeded, as `npm start` seeds an empty database; more searches than one address may make a
  // minute (SEARCH_RATE_LIMIT, tested in server/http/read-limits.test.ts).
  t = await createTestApp({ SEARCH_RATE_LIMIT: '1000' });
});
afterAll(async () => t?.close());

async function search(q: string, limit?: number): Promise<SearchHit[]> {
  const params = new URLSearchParams({ q });
  if (limit !== undefined) params.set('limit', String(limit));
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${params}` });
  expect(res.statusCode, res.body).toBe(200);
  return searchResultSchema.parse(res.json()).items;
}

const first = (items: SearchHit[], type: SearchHit['type']) => items.find((i) => i.type === type);

describe('GET /api/search', () => {
  it("finds Casa Batlló without the accent ('batllo'), first, with its city and coordinates", async () => {
    const items = await search('batllo');
    expect(items[0]).toMatchObject({
      type: 'building',
      name: 'Casa Batlló',
      city: 'Barcelona',
      country_code: 'ES',
      cover_image: null,
    });
    const hit = items[0]!;
    if (hit.type !== 'building') throw new Error('a building first');
    expect(hit.year_built).toBe(1906);
    expect(hit.coordinates[0]).toBeCloseTo(2.165, 2);
  });

  it.each(['falingwater', 'fallingwat', 'Fallingwater', 'FALLINGWATER'])(
    "finds Fallingwater first for '%s' (typos and word prefixes)",
    async (q) => {
      const items = await search(q);
      expect(items[0]).toMatchObject({ type: 'building', name: 'Fallingwater' });
    },
  );

  it("finds the place Barcelona from the offline gazetteer for 'barcelona', the biggest one first", async () => {
    const items = await search('barcelona');
    const places = items.filter((i) => i.type === 'place');
    expect(places[0]).toMatchObject({ type: 'place', name: 'Barcelona', country_code: 'ES' });
    const [lng, lat] = places[0]!.coordinates;
    expect(lng).toBeCloseTo(2.16, 1);
    expect(lat).toBeCloseTo(41.39, 1);
    // The exact name ranks above buildings that are merely in Barcelona.
    expect(items[0]).toMatchObject({ type: 'place', name: 'Barcelona' });
    // Buildings in the city are found by their city.
    expect(items.some((i) => i.type === 'building' && i.name === 'Casa Batlló')).toBe(true);
  });

  it("lists Casa Batlló for 'casa' above the many places whose name starts the same way", async () => {
    const items = await search('casa');
    // A building and a place whose names both start with the query match alike: the building,
    // what the catalogue is about, comes first; the places follow, the biggest first.
    expect(items[0]).toMatchObject({ type: 'building', name: 'Casa Batlló' });
    const places = items.filter((i) => i.type === 'place');
    expect(places[0]).toMatchObject({ name: 'Casablanca', country_code: 'MA' });
    expect(places.length).toBeGreaterThan(5);
  });

  it("ranks a building's name begun ('bau') with the places begun alike, the building first", async () => {
    const items = await search('bau');
    const names = items.map((i) => i.name);
    // Bau (Philippines) is the query itself; the Bauhaus comes before Bauru, Bauchi, Bautzen…
    expect(names[0]).toBe('Bau');
    expect(names.indexOf('Bauhaus Building Dessau')).toBeLessThan(names.indexOf('Bauru'));
  });

  it("shows at most three places of one name ('paris'), the biggest first, then what else matches", async () => {
    const items = await search('paris');
    const parises = items.filter((i) => i.type === 'place' && i.name === 'Paris');
    expect(parises.map((p) => p.type === 'place' && p.country_code)).toEqual(['FR', 'US', 'CA']);
    expect(items.slice(0, 3)).toEqual(parises);
    expect(items.some((i) => i.type === 'building' && i.name === 'Notre-Dame de Paris')).toBe(true);
  });

  it("finds a place with a typo ('barcleona') and as typed ('barcel')", async () => {
    expect(first(await search('barcleona'), 'place')).toMatchObject({
      name: 'Barcelona',
      country_code: 'ES',
    });
    expect(first(await search('barcel'), 'place')).toMatchObject({ name: 'Barcelona', country_code: 'ES' });
  });

  it('finds architects with their building count, accent- and typo-insensitively', async () => {
    const wright = first(await search('frank lloyd wright'), 'architect');
    expect(wright).toMatchObject({ type: 'architect', name: 'Frank Lloyd Wright' });
    expect(wright && 'building_count' in wright && wright.building_count).toBe(5);
    expect(first(await search('gaudi'), 'architect')).toMatchObject({
      name: 'Antoni Gaudí',
      building_count: 1,
    });
    expect(first(await search('corbusir'), 'architect')).toMatchObject({ name: 'Le Corbusier' });
    expect(first(await search('zaha'), 'architect')).toMatchObject({ name: 'Zaha Hadid' });
  });

  it('finds styles with their building count', async () => {
    const items = await search('gothic');
    const gothic = items.find((i) => i.type === 'style' && i.name === 'Gothic');
    expect(gothic && 'building_count' in gothic && gothic.building_count).toBeGreaterThan(0);
  });

  it('finds buildings by address words too', async () => {
    const items = await search('piazza del colosseo');
    expect(items[0]).toMatchObject({ type: 'building', name: 'Colosseum' });
  });

  it('answers at most `limit` items, 10 by default', async () => {
    expect((await search('a')).length).toBeLessThanOrEqual(10);
    expect(await search('ca', 3)).toHaveLength(3);
    expect((await search('ca', 50)).length).toBeGreaterThan(10);
    expect((await search('ca', 50)).length).toBeLessThanOrEqual(50);
    expect(await search('qzxqzxqzx')).toEqual([]);
  });

  it.each([
    ['', 'Please type something to search for'],
    ['   ', 'Please type something to search for'],
    ['x'.repeat(101), 'A search can have at most 100 characters'],
  ])('refuses q=%j with a 400 problem', async (q, detail) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json<{ detail: string }>().detail).toContain(detail);
  });

  it('refuses a missing q and a bad limit with 400 problems', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=casa&limit=0',
      '/api/search?q=casa&limit=51',
      '/api/search?q=casa&limit=abc',
      '/api/search?q=casa&limit=2.5',
      '/api/search?q=casa&q=batllo',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
  });

  it('takes 100 characters after trimming', async () => {
    expect(await search(`  ${'y'.repeat(100)}  `)).toEqual([]);
  });

  it.each([
    "'; DROP TABLE buildings; --",
    "batllo' OR '1'='1",
    '%',
    '_',
    '%%%_\\',
    'casa%batllo',
    '"); SELECT pg_sleep(10); --',
    '\u0000batllo',
  ])('treats SQL-looking input %j as text, changing nothing', async (q) => {
    const before = await snapshotDb(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 200) {
      const items = searchResultSchema.parse(res.json()).items;
      // Wildcards are not wildcards: '%' alone matches nothing rather than everything.
      if (/^[%_\\]+$/.test(q)) expect(items).toEqual([]);
    }
    expect(await snapshotDb(t.app)).toEqual(before);
  });

  it('finds an architect added through the building payload, and their building', async () => {
    const user = await signIn(t.app, 'searcher');
    const styles = await t.app.inject({ method: 'GET', url: '/api/architectural_styles/' });
    const styleId = styles.json<{ id: number }[]>()[0]!.id;
    const res = await postBuilding(t.app, user, {
      name: 'Säynätsalo Town Hall',
      year_built: 1952,
      coordinates: [25.6857, 62.1386],
      architectural_styles: [styleId],
      architects: ['Alvar Aalto', ' ', 'alvar  AALTO'],
      address: { line1: 'Parviaisentie 9', city: 'Jyväskylä', country_code: 'FI' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ building: { id: number } }>().building.id;
    const aalto = first(await search('aalto'), 'architect');
    expect(aalto).toMatchObject({ type: 'architect', name: 'Alvar Aalto', building_count: 1 });
    expect(first(await search('saynatsalo'), 'building')).toMatchObject({ id, name: 'Säynätsalo Town Hall' });
    expect(first(await search('jyvaskyla'), 'building')).toMatchObject({ id });
  });
});
