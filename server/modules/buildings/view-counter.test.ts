/**
 * A building page view costs no database write. Views are counted in
 * memory and written in batches; the counter a viewer sees stays right.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingDetailSchema } from '#domain/building-detail';
import { buildingFeatureCollectionSchema } from '#domain/building-map';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertBuilding } from '../../test/targets.ts';
import { selectRows } from '../../db/rows.ts';
import type { ViewCounter } from './view-counter.ts';

let t: TestApp;
let counter: ViewCounter;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  counter = t.app.buildingViews;
  // Counts every UPDATE statement that touches buildings.views, independently of the app.
  await t.app.db.execute(sql`CREATE TABLE view_writes (at timestamptz NOT NULL DEFAULT now())`);
  await t.app.db.execute(sql`
    CREATE FUNCTION count_view_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO view_writes DEFAULT VALUES; RETURN NULL; END $$`);
  await t.app.db.execute(sql`
    CREATE TRIGGER count_view_writes AFTER UPDATE OF views ON buildings
    FOR EACH STATEMENT EXECUTE FUNCTION count_view_write()`);
});

afterAll(async () => {
  await t?.close();
});

const viewWrites = async () =>
  Number((await selectRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM view_writes`))[0]!.n);

const storedViews = async (id: number) =>
  Number(
    (await selectRows<{ views: number }>(t.app.db, sql`SELECT views FROM buildings WHERE id = ${id}`))[0]!
      .views,
  );

const view = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return buildingDetailSchema.parse(res.json()).views;
};

describe('building views', () => {
  it('counts N page views with no write per view, each viewer seeing the right count', async () => {
    const id = await insertBuilding(t.app.db, 'Viewed Hall');
    const other = await insertBuilding(t.app.db, 'Other Hall');
    await counter.flush();
    const before = await viewWrites();
    for (let i = 1; i <= 30; i++) expect(await view(id)).toBe(i);
    expect(await view(other)).toBe(1);
    expect(await viewWrites()).toBe(before);
    expect(await storedViews(id)).toBe(0);

    // One flush writes every building's views in one statement.
    await counter.flush();
    expect(await viewWrites()).toBe(before + 1);
    expect(await storedViews(id)).toBe(30);
    expect(await storedViews(other)).toBe(1);
    expect(counter.unwritten(id)).toBe(0);
    // The count goes on from the stored one, and the map shows the written views.
    expect(await view(id)).toBe(31);
    const map = await t.app.inject({ method: 'GET', url: '/api/buildings/geojson' });
    const views = buildingFeatureCollectionSchema
      .parse(map.json())
      .features.flatMap((f) => (f.properties.cluster ? [] : [[f.properties.id, f.properties.views]]));
    expect(Object.fromEntries(views)).toMatchObject({ [id]: 30, [other]: 1 });
    await counter.flush();
    expect(await storedViews(id)).toBe(31);
  });

  it('keeps views it could not write and writes them at the next flush', async () => {
    const id = await insertBuilding(t.app.db, 'Patient Hall');
    await view(id);
    await view(id);
    // The write fails (the table is away for a moment): nothing is lost.
    await t.app.db.execute(sql`ALTER TABLE buildings RENAME TO buildings_away`);
    try {
      await counter.flush();
      expect(counter.unwritten(id)).toBe(2);
    } finally {
      await t.app.db.execute(sql`ALTER TABLE buildings_away RENAME TO buildings`);
    }
    expect(await view(id)).toBe(3);
    await counter.flush();
    expect(await storedViews(id)).toBe(3);
  });

  it('writes counted views when the app closes', async () => {
    const app = await createTestApp({ SEED: 'false' });
    const closing = app.app.buildingViews;
    const id = await insertBuilding(app.app.db, 'Last Hall');
    await app.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
    await app.app.inject({ method: 'GET', url: `/api/buildings/${id}` });
    expect(closing.unwritten(id)).toBe(2);
    const writes = closing.writes;
    await app.close();
    // Written before the database closed (a failed write would have kept them unwritten).
    expect(closing.unwritten(id)).toBe(0);
    expect(closing.writes).toBe(writes + 1);
  });
});
