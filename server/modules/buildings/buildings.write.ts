/**
 * Adding, editing and deleting buildings. Each is one transaction; the grid counts and the map
 * data version follow through database triggers in the same transaction.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  DUPLICATE_DISTANCE_M,
  normalizeBuildingName,
  type AddressInput,
  type CreateBuildingBody,
  type UpdateBuildingBody,
} from '#domain/building-write';
import { distanceMeters, viewportAround } from '#domain/geo';
import type { Db } from '../../db/client.ts';
import { architecturalStyles, buildings, buildingStyles, images, listBuildings } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { setBuildingArchitects } from '../architects/architects.service.ts';
import { buildingFilterWhere } from './buildings.queries.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Advisory lock classes (first key of pg_advisory_xact_lock(int, int)). */
const LOCK_NAME = 7340011;
const LOCK_PLACE = 7340012;

export const DUPLICATE_DETAIL = 'A building at this location already exists.';

async function checkStyles(tx: Tx, ids: number[]) {
  const found = await tx
    .select({ id: architecturalStyles.id })
    .from(architecturalStyles)
    .where(inArray(architecturalStyles.id, ids));
  const known = new Set(found.map((s) => s.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const message = `Unknown architectural style${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    throw badRequest(message, { errors: [{ path: 'body.architectural_styles', message }] });
  }
}

/**
 * The building this one would duplicate (design: same place_id, or another building within 50 m
 * whose normalised name matches), or null. Concurrent writers of the same name or place wait for
 * each other on advisory locks (names first, then places, so they cannot deadlock).
 */
async function findDuplicate(
  tx: Tx,
  b: { name: string; place_id: string | null; coordinates: [number, number] },
  exceptId: number | null,
): Promise<number | null> {
  const normalized = normalizeBuildingName(b.name);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAME}, hashtext(${normalized}))`);
  if (b.place_id !== null) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_PLACE}, hashtext(${b.place_id}))`);
  }
  const notSelf: SQL | undefined = exceptId === null ? undefined : ne(buildings.id, exceptId);
  if (b.place_id !== null) {
    const [same] = await tx
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.place_id, b.place_id), notSelf))
      .orderBy(buildings.id)
      .limit(1);
    if (same) return same.id;
  }
  // A box a little larger than the circle, then the exact distance.
  const near = await tx
    .select({ id: buildings.id, name: buildings.name, lng: buildings.lng, lat: buildings.lat })
    .from(buildings)
    .where(and(buildingFilterWhere(viewportAround(b.coordinates, DUPLICATE_DISTANCE_M + 1)), notSelf))
    .orderBy(buildings.id);
  const match = near.find(
    (n) =>
      normalizeBuildingName(n.name) === normalized &&
      distanceMeters([n.lng, n.lat], b.coordinates) <= DUPLICATE_DISTANCE_M,
  );
  return match?.id ?? null;
}

function addressColumns(a: AddressInput) {
  return {
    address_line1: a.line1,
    address_line2: a.line2,
    address_line3: a.line3,
    city: a.city,
    state: a.state,
    postal_code: a.postal_code,
    country_code: a.country_code,
  };
}

function buildingColumns(b: CreateBuildingBody | UpdateBuildingBody) {
  return {
    name: b.name,
    place_id: b.place_id,
    year_built: b.year_built,
    year_demolished: b.year_demolished,
    description: b.description,
    lng: b.coordinates[0],
    lat: b.coordinates[1],
    ...(b.address ? addressColumns(b.address) : {}),
  };
}

/** Adds a building for `userId`; throws 400 (unknown styles) or 409 (duplicate) problems. */
export async function createBuilding(db: Db, userId: number, body: CreateBuildingBody): Promise<number> {
  return db.transaction(async (tx) => {
    await checkStyles(tx, body.architectural_styles);
    const duplicate = await findDuplicate(tx, body, null);
    if (duplicate !== null) throw conflict(DUPLICATE_DETAIL, { building_id: duplicate });
    const [row] = await tx
      .insert(buildings)
      .values({ ...buildingColumns(body), added_by: userId })
      .returning({ id: buildings.id });
    const id = row!.id;
    await tx
      .insert(buildingStyles)
      .values(body.architectural_styles.map((style_id) => ({ building_id: id, style_id })));
    if (body.architects?.length) await setBuildingArchitects(tx, id, body.architects);
    return id;
  });
}

/** Locks the building for a change by its adder: 404 when missing, 403 for anyone else. */
async function lockOwnBuilding(tx: Tx, id: number, userId: number) {
  const [b] = await tx
    .select({ id: buildings.id, added_by: buildings.added_by })
    .from(buildings)
    .where(eq(buildings.id, id))
    .for('update');
  if (!b) throw notFound('Building not found');
  if (b.added_by !== userId) throw forbidden('Only the user who added this building can change it.');
}

/** Edits a building its adder owns; an address left out stays as it is. */
export async function updateBuilding(
  db: Db,
  id: number,
  userId: number,
  body: UpdateBuildingBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The building row is the first lock: later ones (grid, version) follow the same order everywhere.
    await lockOwnBuilding(tx, id, userId);
    await checkStyles(tx, body.architectural_styles);
    const duplicate = await findDuplicate(tx, body, id);
    if (duplicate !== null) throw conflict(DUPLICATE_DETAIL, { building_id: duplicate });
    await tx
      .update(buildings)
      .set({ ...buildingColumns(body), updated_at: sql`now()` })
      .where(eq(buildings.id, id));
    await tx
      .delete(buildingStyles)
      .where(
        and(
          eq(buildingStyles.building_id, id),
          sql`${buildingStyles.style_id} <> ALL(${`{${body.architectural_styles.join(',')}}`}::int[])`,
        ),
      );
    await tx
      .insert(buildingStyles)
      .values(body.architectural_styles.map((style_id) => ({ building_id: id, style_id })))
      .onConflictDoNothing();
    if (body.architects !== undefined) await setBuildingArchitects(tx, id, body.architects);
  });
}

/** What a deleted building leaves to clean up outside the database. */
export interface DeletedBuilding {
  /** Stored files of its images (originals and renditions), to remove once the deletion committed. */
  storageKeys: string[];
}

/**
 * Deletes a building its adder owns with everything that hangs on it: its images and list entries
 * (foreign keys); votes on it, on its images and on comments about either, and those comments with
 * their replies (the target cleanup triggers of migration 0007, the one mechanism for every deleter).
 */
export async function deleteBuilding(db: Db, id: number, userId: number): Promise<DeletedBuilding> {
  return db.transaction(async (tx) => {
    await lockOwnBuilding(tx, id, userId);
    const imageRows = await tx
      .select({ storage_key: images.storage_key, renditions: images.renditions })
      .from(images)
      .where(eq(images.building_id, id));
    await tx.delete(listBuildings).where(eq(listBuildings.building_id, id));
    await tx.delete(images).where(eq(images.building_id, id));
    await tx.delete(buildings).where(eq(buildings.id, id));
    const storageKeys = imageRows.flatMap((i) => [i.storage_key, ...Object.values(i.renditions)]);
    return { storageKeys: [...new Set(storageKeys)] };
  });
}
