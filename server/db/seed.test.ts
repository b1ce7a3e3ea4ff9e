import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { architecturalStyles, buildings, buildingStyles } from './schema.ts';
import { seedDatabase } from './seed.ts';
import { SEED_BUILDINGS } from './seed-data/buildings.ts';
import { SEED_STYLES } from './seed-data/styles.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // seeds the empty database at start, as `npm start` does
});
afterAll(async () => t?.close());

const counts = async () => {
  const db = t.app.db;
  const [[s], [b], [l]] = await Promise.all([
    db.select({ n: count() }).from(architecturalStyles),
    db.select({ n: count() }).from(buildings),
    db.select({ n: count() }).from(buildingStyles),
  ]);
  return { styles: s!.n, buildings: b!.n, links: l!.n };
};

describe('seed', () => {
  it('fills an empty database with the styles and demo buildings on first start', async () => {
    const c = await counts();
    expect(c.styles).toBe(SEED_STYLES.length);
    expect(c.buildings).toBe(SEED_BUILDINGS.length);
    expect(c.links).toBe(SEED_BUILDINGS.reduce((n, b) => n + b.styles.length, 0));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/buildings/geojson?north=90&south=-90&east=180&west=-180',
    });
    expect(res.json<{ features: unknown[] }>().features.length).toBe(SEED_BUILDINGS.length);
  });

  it('adds nothing when run again (npm run db:seed)', async () => {
    const before = await counts();
    expect(await seedDatabase(t.app.db)).toEqual({ stylesAdded: 0, buildingsAdded: 0 });
    expect(await counts()).toEqual(before);
  });

  it('serves a seeded building with its styles and the demo user as adder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/buildings/1' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ name: string; architectural_styles: unknown[]; added_by: { handle: string } }>();
    const seeded = SEED_BUILDINGS.find((b) => b.name === body.name)!;
    expect(body.architectural_styles).toHaveLength(seeded.styles.length);
    expect(body.added_by.handle).toBe('demo');
  });
});
