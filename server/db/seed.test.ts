import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/auth';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { createSession } from '../modules/auth/sessions.service.ts';
import {
  architects,
  architecturalStyles,
  buildingArchitects,
  buildings,
  buildingStyles,
  users,
} from './schema.ts';
import { seedDatabase, SYSTEM_USER_HANDLE } from './seed.ts';
import { SEED_BUILDINGS } from './seed-data/buildings.ts';
import { SEED_STYLES } from './seed-data/styles.ts';
import { SEED_ARCHITECTS } from './seed-data/architects.ts';

const seededLinks = Object.values(SEED_ARCHITECTS).reduce((n, names) => n + names.length, 0);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // seeds the empty database at start, as `npm start` does
});
afterAll(async () => t?.close());

const counts = async () => {
  const db = t.app.db;
  const [[s], [b], [l], [a], [al]] = await Promise.all([
    db.select({ n: count() }).from(architecturalStyles),
    db.select({ n: count() }).from(buildings),
    db.select({ n: count() }).from(buildingStyles),
    db.select({ n: count() }).from(architects),
    db.select({ n: count() }).from(buildingArchitects),
  ]);
  return { styles: s!.n, buildings: b!.n, links: l!.n, architects: a!.n, architectLinks: al!.n };
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
    expect(await seedDatabase(t.app.db)).toEqual({ stylesAdded: 0, buildingsAdded: 0, architectsLinked: 0 });
    expect(await counts()).toEqual(before);
  });

  it('gives at least 60 demo buildings their architects, one architect per name', async () => {
    const c = await counts();
    expect(c.architectLinks).toBe(seededLinks);
    const withArchitects = await t.app.db
      .selectDistinct({ id: buildingArchitects.building_id })
      .from(buildingArchitects);
    expect(withArchitects.length).toBeGreaterThanOrEqual(60);
    const wright = await t.app.db.select().from(architects).where(eq(architects.name, 'Frank Lloyd Wright'));
    expect(wright).toHaveLength(1);
    const [fallingwater] = await t.app.db.select().from(buildings).where(eq(buildings.name, 'Fallingwater'));
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${fallingwater!.id}` });
    expect(res.json<{ architects: unknown }>().architects).toEqual([
      { id: wright[0]!.id, name: 'Frank Lloyd Wright' },
    ]);
  });

  it('gives a database seeded before architects existed their architects on the next db:seed, once', async () => {
    const seeded = await t.app.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(inArray(buildings.name, ['Fallingwater', 'Sydney Opera House']));
    // As before the migration: these buildings have no architects.
    await t.app.db.delete(buildingArchitects).where(
      inArray(
        buildingArchitects.building_id,
        seeded.map((b) => b.id),
      ),
    );
    expect((await counts()).architectLinks).toBe(seededLinks - 2);
    expect(await seedDatabase(t.app.db)).toEqual({ stylesAdded: 0, buildingsAdded: 0, architectsLinked: 2 });
    expect((await counts()).architectLinks).toBe(seededLinks);
    expect(await seedDatabase(t.app.db)).toEqual({ stylesAdded: 0, buildingsAdded: 0, architectsLinked: 0 });
  });

  it('serves a seeded building with its styles and the system account as adder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/buildings/1' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ name: string; architectural_styles: unknown[]; added_by: { handle: string } }>();
    const seeded = SEED_BUILDINGS.find((b) => b.name === body.name)!;
    expect(body.architectural_styles).toHaveLength(seeded.styles.length);
    expect(body.added_by.handle).toBe(SYSTEM_USER_HANDLE);
  });

  it('gives every seeded building to the one system account, and the demo user none', async () => {
    const system = await t.app.db.select().from(users).where(eq(users.is_system, true));
    expect(system).toHaveLength(1);
    expect(system[0]).toMatchObject({ handle: 'atlas', google_sub: null });
    const [owned] = await t.app.db
      .select({ n: count() })
      .from(buildings)
      .where(eq(buildings.added_by, system[0]!.id));
    expect(owned!.n).toBe(SEED_BUILDINGS.length);
    const [demo] = await t.app.db.select().from(users).where(eq(users.handle, 'demo'));
    expect(demo).toBeDefined(); // still there for trying the product
    expect(demo!.is_system).toBe(false);
  });
});

describe('the seeded catalogue', () => {
  it('cannot be edited or deleted by whoever clicks "Continue as demo user"', async () => {
    const demo = await signIn(t.app, 'demo');
    const detail = await t.app.inject({ method: 'GET', url: '/api/buildings/1' });
    const b = detail.json<{
      id: number;
      name: string;
      coordinates: [number, number];
      year_built: number | null;
      architectural_styles: { id: number }[];
    }>();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/buildings/1',
      headers: demo,
      payload: {
        id: 1,
        name: 'Defaced',
        place_id: null,
        year_built: b.year_built,
        year_demolished: null,
        description: 'gone',
        coordinates: b.coordinates,
        architectural_styles: b.architectural_styles.map((s) => s.id),
        address: {
          line1: '1 Road',
          line2: null,
          line3: null,
          city: 'Town',
          state: null,
          postal_code: null,
          country_code: 'US',
        },
      },
    });
    expect(put.statusCode, put.body).toBe(403);
    expect(put.headers['content-type']).toMatch(/application\/problem\+json/);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/buildings/1', headers: demo });
    expect(del.statusCode, del.body).toBe(403);
    const after = await t.app.inject({ method: 'GET', url: '/api/buildings/1' });
    expect(after.json<{ name: string }>().name).toBe(b.name);
  });

  it('lets the demo user add a building of its own and delete it', async () => {
    const demo = await signIn(t.app, 'demo');
    const b1 = (await t.app.inject({ method: 'GET', url: '/api/buildings/1' })).json<{
      architectural_styles: { id: number }[];
    }>();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/buildings/',
      headers: demo,
      payload: {
        name: 'Demo shed',
        place_id: null,
        year_built: 2001,
        year_demolished: null,
        description: null,
        coordinates: [7.123, 46.456],
        architectural_styles: b1.architectural_styles.map((s) => s.id),
        address: {
          line1: '2 Lane',
          line2: null,
          line3: null,
          city: 'Bern',
          state: null,
          postal_code: null,
          country_code: 'CH',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ building: { id: number } }>().building.id;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${id}`, headers: demo });
    expect(del.statusCode, del.body).toBe(204);
  });

  it('belongs to an account no sign-in reaches', async () => {
    // The demo sign-in with the system handle is refused and sets no cookie.
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      payload: { handle: SYSTEM_USER_HANDLE },
    });
    expect(dev.statusCode).toBe(403);
    expect(dev.json<{ detail: string }>().detail).toMatch(/catalogue account/);
    expect(dev.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    // Even a session row made for it (by a bug or by hand) does not sign anyone in.
    const [system] = await t.app.db.select().from(users).where(eq(users.is_system, true));
    const session = await createSession(t.app.db, system!.id);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-login',
      headers: { cookie: `${SESSION_COOKIE}=${session.token}` },
    });
    expect(check.json()).toEqual({ logged_in: false, user: null });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/buildings/1',
      headers: { cookie: `${SESSION_COOKIE}=${session.token}` },
    });
    expect(del.statusCode).toBe(401);
    // Seeding again does not make a second system account.
    await seedDatabase(t.app.db);
    expect(await t.app.db.select().from(users).where(eq(users.is_system, true))).toHaveLength(1);
  });
});
