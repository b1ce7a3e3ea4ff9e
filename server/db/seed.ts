/**
 * Seeds architectural styles, the demo user, the system account and the seeded catalogue with its
 * architects. Safe to run again. The catalogue belongs to the system account (`atlas`), which no
 * sign-in reaches, so no one may edit or delete it; the demo user exists for trying the product
 * with buildings of its own.
 */
import { count, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { architecturalStyles, buildingArchitects, buildings, buildingStyles, users } from './schema.ts';
import { setBuildingArchitects } from '../modules/architects/architects.service.ts';
import { SEED_ARCHITECTS } from './seed-data/architects.ts';
import { SEED_STYLES } from './seed-data/styles.ts';
import { SEED_BUILDINGS } from './seed-data/buildings.ts';

export const DEMO_USER_HANDLE = 'demo';
/** The handle the system account gets when it is free (else `atlas_2`, …). */
export const SYSTEM_USER_HANDLE = 'atlas';

/** The system account (users.is_system), created when missing; returns its id. */
export async function ensureSystemUser(db: Db): Promise<number> {
  const find = async () =>
    (await db.select({ id: users.id }).from(users).where(eq(users.is_system, true)))[0]?.id;
  const existing = await find();
  if (existing !== undefined) return existing;
  const taken = new Set(
    (
      await db
        .select({ handle: users.handle })
        .from(users)
        .where(like(users.handle, `${SYSTEM_USER_HANDLE}%`))
    ).map((u) => u.handle),
  );
  let handle = SYSTEM_USER_HANDLE;
  for (let n = 2; taken.has(handle); n++) handle = `${SYSTEM_USER_HANDLE}_${n}`;
  // The partial unique index users_one_system_key keeps a concurrent seed from making a second one.
  await db.insert(users).values({ handle, is_system: true }).onConflictDoNothing();
  const id = await find();
  if (id === undefined) throw new Error('system account missing after insert');
  return id;
}

export interface SeedResult {
  stylesAdded: number;
  buildingsAdded: number;
  /** Demo buildings that got their architects in this run. */
  architectsLinked: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Gives the seeded catalogue's buildings their architects (SEED_ARCHITECTS) when they have none: a
 * database seeded before architects existed gets them from `npm run db:seed`, and a building whose
 * architects someone set (or cleared to a different list) is left alone once it has any.
 */
async function seedArchitects(tx: Tx, ownerId: number): Promise<number> {
  const names = Object.keys(SEED_ARCHITECTS);
  const bare = await tx
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(
      sql`${buildings.added_by} = ${ownerId} AND ${inArray(buildings.name, names)}
          AND NOT EXISTS (SELECT 1 FROM ${buildingArchitects} ba WHERE ba.building_id = ${buildings.id})`,
    )
    .orderBy(buildings.id);
  for (const b of bare) await setBuildingArchitects(tx, b.id, SEED_ARCHITECTS[b.name] ?? []);
  return bare.length;
}

/** True when the database has never been seeded (no styles yet). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(architecturalStyles);
  return (row?.n ?? 0) === 0;
}

/**
 * Adds whatever of the seed is missing: styles by name, the demo user by handle, the system
 * account, seeded buildings by name among the system account's buildings. One transaction: all
 * or nothing.
 */
export async function seedDatabase(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const addedStyles = await tx
      .insert(architecturalStyles)
      .values(SEED_STYLES.map((name) => ({ name })))
      .onConflictDoNothing({ target: architecturalStyles.name })
      .returning({ id: architecturalStyles.id });
    const styleRows = await tx
      .select({ id: architecturalStyles.id, name: architecturalStyles.name })
      .from(architecturalStyles)
      .where(inArray(architecturalStyles.name, [...SEED_STYLES]));
    const styleIds = new Map(styleRows.map((s) => [s.name, s.id]));

    await tx.insert(users).values({ handle: DEMO_USER_HANDLE }).onConflictDoNothing({ target: users.handle });
    const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.handle, DEMO_USER_HANDLE));
    if (!demo) throw new Error('demo user missing after insert');
    const systemId = await ensureSystemUser(tx);

    const existing = await tx
      .select({ name: buildings.name })
      .from(buildings)
      .where(eq(buildings.added_by, systemId));
    const have = new Set(existing.map((b) => b.name));
    const missing = SEED_BUILDINGS.filter((b) => !have.has(b.name));
    if (missing.length === 0) {
      const architectsLinked = await seedArchitects(tx, systemId);
      return { stylesAdded: addedStyles.length, buildingsAdded: 0, architectsLinked };
    }

    const inserted = await tx
      .insert(buildings)
      .values(
        missing.map((b) => ({
          name: b.name,
          description: b.description,
          lng: b.lng,
          lat: b.lat,
          year_built: b.yearBuilt,
          year_demolished: b.yearDemolished,
          address_line1: b.address.line1,
          city: b.address.city,
          state: b.address.state,
          postal_code: b.address.postalCode,
          country_code: b.address.countryCode,
          added_by: systemId,
        })),
      )
      .returning({ id: buildings.id, name: buildings.name });
    const idByName = new Map(inserted.map((b) => [b.name, b.id]));
    const links = missing.flatMap((b) =>
      b.styles.map((style) => {
        const styleId = styleIds.get(style);
        if (styleId === undefined) throw new Error(`seed building ${b.name} names unknown style ${style}`);
        return { building_id: idByName.get(b.name)!, style_id: styleId };
      }),
    );
    if (links.length > 0) await tx.insert(buildingStyles).values(links).onConflictDoNothing();
    const architectsLinked = await seedArchitects(tx, systemId);
    return { stylesAdded: addedStyles.length, buildingsAdded: inserted.length, architectsLinked };
  });
}
