/**
 * Adding, editing and deleting buildings. Each is one transaction; the grid counts and the map
 * data version follow through database triggers in the same transaction, and every change writes
 * a revision (building-state.ts) in it too. The adder may change a building; so may moderators and
 * admins, whose change to someone else's building goes to the moderation log.
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
import type { FieldChanges, RevisionKind } from '#domain/revision-terms';
import { isModerator, type Actor } from '#domain/roles';
import type { Db } from '../../db/client.ts';
import { architecturalStyles, buildings, buildingStyles, images, listBuildings } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { setBuildingArchitects } from '../architects/architects.service.ts';
import { appendLog } from '../moderation/moderation-log.ts';
import { buildingFilterWhere } from './buildings.queries.ts';
import {
  diffStates,
  isEmptyChange,
  readBuildingState,
  recordRevision,
  type BuildingState,
  type Tx,
} from './building-state.ts';

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
    const { state } = await readBuildingState(tx, id);
    await recordRevision(tx, {
      buildingId: id,
      authorId: userId,
      kind: 'create',
      changes: createdChanges(state),
    });
    return id;
  });
}

/** A creation as a revision: every recorded field from nothing to its first value. */
function createdChanges(state: BuildingState): FieldChanges {
  return Object.fromEntries(
    Object.entries(state).map(([field, to]: [string, unknown]) => [field, { from: null, to }]),
  );
}

/** Who may change a building: its adder, and moderators and admins (any building). */
export function mayChangeBuilding(actor: Actor, addedBy: number | null): boolean {
  return addedBy === actor.id || isModerator(actor);
}

/**
 * Locks the building for a change by `actor`: 404 when missing, 403 for anyone who may not change
 * it. `byModerator` is true when a moderator changes a building someone else added (logged).
 */
export async function lockBuildingForChange(
  tx: Tx,
  id: number,
  actor: Actor,
): Promise<{ addedBy: number | null; byModerator: boolean }> {
  const [b] = await tx
    .select({ id: buildings.id, added_by: buildings.added_by })
    .from(buildings)
    .where(eq(buildings.id, id))
    .for('update');
  if (!b) throw notFound('Building not found');
  if (!mayChangeBuilding(actor, b.added_by)) {
    throw forbidden('Only the user who added this building or a moderator can change it.');
  }
  return { addedBy: b.added_by, byModerator: b.added_by !== actor.id };
}

/** Writes the payload to the building (locked by the caller): 400 unknown styles, 409 duplicate. */
async function applyUpdate(tx: Tx, id: number, body: UpdateBuildingBody): Promise<void> {
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
}

/**
 * Applies the payload to a building the caller locked, and records what changed as a revision of
 * `kind` by `authorId`. Returns the revision's id, or null when nothing changed (no revision).
 */
export async function changeBuilding(
  tx: Tx,
  id: number,
  body: UpdateBuildingBody,
  revision: { authorId: number; kind: RevisionKind; suggestionId?: number },
): Promise<number | null> {
  const { state: before } = await readBuildingState(tx, id);
  await applyUpdate(tx, id, body);
  const { state: after } = await readBuildingState(tx, id);
  const changes = diffStates(before, after);
  if (isEmptyChange(changes)) return null;
  return recordRevision(tx, { buildingId: id, changes, ...revision });
}

/**
 * Edits a building (its adder, or a moderator: logged); an address left out stays as it is.
 * Records a revision of what changed.
 */
export async function updateBuilding(
  db: Db,
  id: number,
  actor: Actor,
  body: UpdateBuildingBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The building row is the first lock: later ones (grid, version) follow the same order everywhere.
    const { byModerator } = await lockBuildingForChange(tx, id, actor);
    const revision = await changeBuilding(tx, id, body, { authorId: actor.id, kind: 'edit' });
    if (byModerator && revision !== null) {
      await appendLog(tx, { actorId: actor.id, action: 'edit', targetType: 'building', targetId: id });
    }
  });
}

/** What a deleted building leaves to clean up outside the database. */
export interface DeletedBuilding {
  /** Stored files of its images (originals and renditions), to remove once the deletion committed. */
  storageKeys: string[];
}

/**
 * Deletes a building (its adder, or a moderator: logged with its name) with everything that hangs on it: its images and list entries
 * (foreign keys); votes on it, on its images and on comments about either, and those comments with
 * their replies (the target cleanup triggers of migration 0007, the one mechanism for every deleter).
 */
export async function deleteBuilding(db: Db, id: number, actor: Actor): Promise<DeletedBuilding> {
  return db.transaction(async (tx) => {
    const { byModerator } = await lockBuildingForChange(tx, id, actor);
    if (byModerator) {
      const [b] = await tx.select({ name: buildings.name }).from(buildings).where(eq(buildings.id, id));
      await appendLog(tx, {
        actorId: actor.id,
        action: 'delete',
        targetType: 'building',
        targetId: id,
        note: b?.name ?? null,
      });
    }
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
