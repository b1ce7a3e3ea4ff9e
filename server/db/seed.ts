/** Seeds architectural styles, a demo user and the demo buildings. Safe to run again. */
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { architecturalStyles, buildings, buildingStyles, users } from './schema.ts';
import { SEED_STYLES } from './seed-data/styles.ts';
import { SEED_BUILDINGS } from './seed-data/buildings.ts';

export const DEMO_USER_HANDLE = 'demo';

export interface SeedResult {
  stylesAdded: number;
  buildingsAdded: number;
}

/** True when the database has never been seeded (no styles yet). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(architecturalStyles);
  return (row?.n ?? 0) === 0;
}

/**
 * Adds whatever of the seed is missing: styles by name, the demo user by handle, demo buildings
 * by name among the demo user's buildings. One transaction: all or nothing.
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

    const existing = await tx
      .select({ name: buildings.name })
      .from(buildings)
      .where(eq(buildings.added_by, demo.id));
    const have = new Set(existing.map((b) => b.name));
    const missing = SEED_BUILDINGS.filter((b) => !have.has(b.name));
    if (missing.length === 0) return { stylesAdded: addedStyles.length, buildingsAdded: 0 };

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
          added_by: demo.id,
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
    return { stylesAdded: addedStyles.length, buildingsAdded: inserted.length };
  });
}
