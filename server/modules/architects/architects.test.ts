/** Architects: the building payload's names, building detail, GET /api/architects[/{id}]. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { architectDetailSchema, architectSuggestionsSchema } from '#domain/architects';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertStyles } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import { architects, buildingArchitects } from '../../db/schema.ts';

let t: TestApp;
let styleId: number;
let owner: { cookie: string };
let other: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  styleId = (await insertStyles(t.app.db, ['Modern'])).get('Modern')!;
  owner = await signIn(t.app, 'owner');
  other = await signIn(t.app, 'other');
});
afterAll(async () => t?.close());

let seq = 0;
function payload(change: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Villa ${seq}`,
    place_id: null,
    year_built: 1930 + seq,
    year_demolished: null,
    description: null,
    coordinates: [20 + seq * 0.01, 50],
    architectural_styles: [styleId],
    address: { line1: `${seq} Road`, city: 'Brno', country_code: 'CZ' },
    ...change,
  };
}

async function create(change: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/buildings/',
    headers: owner,
    payload: payload(change),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ building: { id: number } }>().building.id;
}

async function detail(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ architects: { id: number; name: string }[] }>();
}

describe('architects in the building payload', () => {
  it('lists none when none are given', async () => {
    expect((await detail(await create())).architects).toEqual([]);
  });

  it('creates new names, reuses existing ones case- and accent-insensitively, keeps the order, drops blanks and repeats', async () => {
    const a = await create({ architects: ['Adolf Loos', 'Jože Plečnik'] });
    const b = await create({
      architects: ['  JOZE plecnik ', '', '   ', 'Joze Plecnik', 'Adolf Loos', 'Karel Teige'],
    });
    const first = (await detail(a)).architects;
    const second = (await detail(b)).architects;
    expect(first.map((x) => x.name)).toEqual(['Adolf Loos', 'Jože Plečnik']);
    expect(second.map((x) => x.name)).toEqual(['Jože Plečnik', 'Adolf Loos', 'Karel Teige']);
    expect(second[0]!.id).toBe(first[1]!.id);
    expect(second[1]!.id).toBe(first[0]!.id);
    const rows = await t.app.db.select().from(architects).where(eq(architects.name_key, 'joze plecnik'));
    expect(rows).toHaveLength(1);
  });

  it('replaces them on an edit that sends them, keeps them on one that leaves them out', async () => {
    const id = await create({ architects: ['Mies van der Rohe'] });
    const body = payload();
    const put = (change: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/buildings/${id}`,
        headers: owner,
        payload: { ...body, id, ...change },
      });
    expect((await put({})).statusCode).toBe(200);
    expect((await detail(id)).architects.map((x) => x.name)).toEqual(['Mies van der Rohe']);
    expect((await put({ architects: ['Lilly Reich', 'mies VAN DER rohe'] })).statusCode).toBe(200);
    expect((await detail(id)).architects.map((x) => x.name)).toEqual(['Lilly Reich', 'Mies van der Rohe']);
    expect((await put({ architects: [] })).statusCode).toBe(200);
    expect((await detail(id)).architects).toEqual([]);
  });

  it("refuses another user's change of a building's architects (403), changing nothing", async () => {
    const id = await create({ architects: ['Josef Gočár'] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${id}`,
      headers: other,
      payload: { ...payload(), id, architects: ['Someone Else'] },
    });
    expect(res.statusCode).toBe(403);
    expect((await detail(id)).architects.map((x) => x.name)).toEqual(['Josef Gočár']);
    expect(await t.app.db.select().from(architects).where(eq(architects.name_key, 'someone else'))).toEqual(
      [],
    );
  });

  it.each([
    [{ architects: Array.from({ length: 11 }, (_, i) => `Architect ${i}`) }, 'at most 10 architects'],
    [{ architects: ['x'.repeat(121)] }, 'at most 120 characters'],
    [{ architects: ['---'] }, 'needs a letter or a digit'],
    // The database's key drops number signs that are not digits: a name of only those is refused here, not a 500.
    [{ architects: ['⁰'] }, 'needs a letter or a digit'],
    [{ architects: ['① ²'] }, 'needs a letter or a digit'],
    [{ architects: 'Le Corbusier' }, 'Architects must be a list of names'],
    [{ architects: [42] }, 'Architect names must be text'],
  ])('refuses %j with a 400 problem and writes nothing', async (change, detailText) => {
    const before = await t.app.db.select().from(architects);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/buildings/',
      headers: owner,
      payload: payload(change),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain(detailText);
    expect(await t.app.db.select().from(architects)).toEqual(before);
  });

  it('takes 10 names once repeats are dropped, and 120 characters after trimming', async () => {
    const names = [
      ...Array.from({ length: 10 }, (_, i) => `Ten ${i}`),
      'TEN 0',
      `  ${'z'.repeat(120)}  `,
    ].slice(0, 11);
    const id = await create({ architects: names });
    expect((await detail(id)).architects).toHaveLength(10);
    const long = await create({ architects: [`  ${'Z'.repeat(120)}  `] });
    expect((await detail(long)).architects[0]!.name).toBe('Z'.repeat(120));
  });
});

describe('GET /api/architects/{id}', () => {
  it('answers the architect with their buildings, oldest first when unvoted and added by one user', async () => {
    const early = await create({ architects: ['Jan Kotěra'], year_built: 1901 });
    const late = await create({ architects: ['Jan Kotera'], year_built: 1920 });
    const id = (await detail(late)).architects[0]!.id;
    const res = await t.app.inject({ method: 'GET', url: `/api/architects/${id}` });
    expect(res.statusCode).toBe(200);
    const body = architectDetailSchema.parse(res.json());
    expect(body.name).toBe('Jan Kotěra');
    expect(body.buildings.map((b) => b.id)).toEqual([early, late]);
    expect(body.buildings[0]).toMatchObject({ year_built: 1901, cover_image: null });
    expect(body.buildings[0]!.coordinates).toHaveLength(2);
  });

  it('drops a deleted building from its architects (cascade); an architect left with none is 404', async () => {
    const id = await create({ architects: ['Bohuslav Fuchs'] });
    const architectId = (await detail(id)).architects[0]!.id;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${id}`, headers: owner });
    expect(del.statusCode).toBe(204);
    expect(
      await t.app.db.select().from(buildingArchitects).where(eq(buildingArchitects.building_id, id)),
    ).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/api/architects/${architectId}` });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['/api/architects/999999', 404],
    ['/api/architects/0', 400],
    ['/api/architects/abc', 400],
    ['/api/architects/99999999999', 400],
  ])('%s answers %i as a problem', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /api/architects?q=', () => {
  it('suggests architects by the start of a name or a word, accent-insensitively', async () => {
    await create({ architects: ['Pavel Janák'] });
    const res = await t.app.inject({ method: 'GET', url: '/api/architects?q=jana' });
    expect(res.statusCode).toBe(200);
    const { items } = architectSuggestionsSchema.parse(res.json());
    expect(items.map((i) => i.name)).toContain('Pavel Janák');
    const over = await t.app.inject({ method: 'GET', url: `/api/architects?q=${'a'.repeat(101)}` });
    expect(over.statusCode).toBe(400);
  });
});
