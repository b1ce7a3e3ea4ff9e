/**
 * Lists: a user's named collections of buildings, public or private (product §3, 4, 6, 7).
 *
 * Visibility: a private list exists only for its owner. Anyone else (visitor or another user) gets
 * the same 404 as for a list that does not exist, on reads and on writes, so a private list's id
 * reveals nothing. A public list is readable by all; another user's write to it is a 403.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CreateListBody, List, ListRoute } from '#domain/lists';
import { walkingRoute } from '#domain/walking-route';
import type { CurrentUser } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { buildings, listBuildings, lists, users } from '../../db/schema.ts';
import { visibleBuilding } from '../../db/visibility.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';

/** A transaction or the database: both run queries. */
type Tx = Db;

const LIST_NOT_FOUND = 'List not found';

const listColumns = {
  id: lists.id,
  name: lists.name,
  is_public: lists.is_public,
  created_at: lists.created_at,
  owner_id: lists.user_id,
  owner_handle: users.handle,
};

interface ListRow {
  id: number;
  name: string;
  is_public: boolean;
  created_at: Date;
  owner_id: number;
  owner_handle: string;
}

const selectLists = (tx: Tx) =>
  tx.select(listColumns).from(lists).innerJoin(users, eq(users.id, lists.user_id));

/** The lists as the API shows them, each with its buildings oldest-added first. */
async function toLists(tx: Tx, rows: ListRow[]): Promise<List[]> {
  if (rows.length === 0) return [];
  const entries = await tx
    .select({ list_id: listBuildings.list_id, id: buildings.id, name: buildings.name })
    .from(listBuildings)
    .innerJoin(buildings, eq(buildings.id, listBuildings.building_id))
    .where(
      and(
        inArray(
          listBuildings.list_id,
          rows.map((r) => r.id),
        ),
        // Lists are shared: a building moderators hid leaves every list (and comes back on restore).
        visibleBuilding(null),
      ),
    )
    .orderBy(asc(listBuildings.added_at), asc(listBuildings.building_id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    is_public: r.is_public,
    owner: { id: r.owner_id, handle: r.owner_handle },
    buildings: entries.filter((e) => e.list_id === r.id).map((e) => ({ id: e.id, name: e.name })),
    created_at: r.created_at.toISOString(),
  }));
}

async function listById(tx: Tx, id: number): Promise<List> {
  const [row] = await selectLists(tx).where(eq(lists.id, id));
  if (!row) throw notFound(LIST_NOT_FOUND);
  const [list] = await toLists(tx, [row]);
  return list!;
}

/** The list's row if `viewerId` may read it: public ones for everyone, private ones for their owner only. */
async function readableList(db: Db, id: number, viewerId: number | null): Promise<ListRow> {
  const [row] = await selectLists(db).where(eq(lists.id, id));
  if (!row || (!row.is_public && row.owner_id !== viewerId)) throw notFound(LIST_NOT_FOUND);
  return row;
}

/** A list for reading: public ones for everyone, private ones for their owner only (404 otherwise). */
export async function getList(db: Db, id: number, viewerId: number | null): Promise<List> {
  const [list] = await toLists(db, [await readableList(db, id, viewerId)]);
  return list!;
}

/**
 * The list's name for its export, with the same visibility as reading it (the same 404 for
 * anyone else's private list); its buildings are streamed by the export, not loaded here.
 */
export async function listForExport(
  db: Db,
  id: number,
  viewerId: number | null,
): Promise<{ id: number; name: string }> {
  const row = await readableList(db, id, viewerId);
  return { id: row.id, name: row.name };
}

/**
 * A list as a walking tour (domain/walking-route.ts), with the visibility of reading it: its
 * visible buildings in walking order from `startId` (its first added when left out; 400 when the
 * building is not in the list). The GPX export and the route view both read this.
 */
export async function listRoute(
  db: Db,
  id: number,
  viewerId: number | null,
  startId?: number,
): Promise<ListRoute> {
  const row = await readableList(db, id, viewerId);
  const members = await db
    .select({ id: buildings.id, name: buildings.name, lng: buildings.lng, lat: buildings.lat })
    .from(listBuildings)
    .innerJoin(buildings, eq(buildings.id, listBuildings.building_id))
    .where(and(eq(listBuildings.list_id, id), visibleBuilding(null)))
    .orderBy(asc(listBuildings.added_at), asc(listBuildings.building_id));
  if (startId !== undefined && !members.some((m) => m.id === startId)) {
    throw badRequest('start must be a building of the list');
  }
  const route = walkingRoute(members, startId);
  return {
    list: { id: row.id, name: row.name, owner: { id: row.owner_id, handle: row.owner_handle } },
    stops: route.stops.map((s, i) => ({ ...s, leg_meters: route.legs[i]! })),
    total_meters: route.totalMeters,
  };
}

/**
 * Locks the list for a write by its owner: 404 when it does not exist or is someone else's
 * private list, 403 when it is someone else's public list.
 */
async function lockOwnList(tx: Tx, id: number, user: CurrentUser): Promise<void> {
  const [row] = await tx
    .select({ user_id: lists.user_id, is_public: lists.is_public })
    .from(lists)
    .where(eq(lists.id, id))
    .for('no key update');
  if (!row || (!row.is_public && row.user_id !== user.id)) throw notFound(LIST_NOT_FOUND);
  if (row.user_id !== user.id) throw forbidden('Only the owner of this list can change it.');
}

export async function createList(db: Db, user: CurrentUser, body: CreateListBody): Promise<List> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lists)
      .values({ user_id: user.id, name: body.name, is_public: body.is_public })
      .returning({ id: lists.id });
    return listById(tx, row!.id);
  });
}

export async function setListPublic(db: Db, id: number, user: CurrentUser, isPublic: boolean): Promise<List> {
  return db.transaction(async (tx) => {
    await lockOwnList(tx, id, user);
    await tx.update(lists).set({ is_public: isPublic }).where(eq(lists.id, id));
    return listById(tx, id);
  });
}

/** Deletes the list; its entries go with it (foreign key cascade), the buildings stay. */
export async function deleteList(db: Db, id: number, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnList(tx, id, user);
    await tx.delete(lists).where(eq(lists.id, id));
  });
}

/**
 * Adds a building to the list; a building already there stays once (the primary key with
 * ON CONFLICT DO NOTHING makes concurrent adds safe too). The building's row is key-share
 * locked so it cannot be deleted between the check and the insert.
 */
export async function addBuildingToList(
  db: Db,
  listId: number,
  buildingId: number,
  user: CurrentUser,
): Promise<List> {
  return db.transaction(async (tx) => {
    await lockOwnList(tx, listId, user);
    const [building] = await tx
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.id, buildingId), visibleBuilding(user)))
      .for('key share');
    if (!building) throw notFound('Building not found');
    await tx
      .insert(listBuildings)
      .values({ list_id: listId, building_id: buildingId })
      .onConflictDoNothing({ target: [listBuildings.list_id, listBuildings.building_id] });
    return listById(tx, listId);
  });
}

/** Removes a building from the list; 404 when it is not in the list. */
export async function removeBuildingFromList(
  db: Db,
  listId: number,
  buildingId: number,
  user: CurrentUser,
): Promise<List> {
  return db.transaction(async (tx) => {
    await lockOwnList(tx, listId, user);
    const removed = await tx
      .delete(listBuildings)
      .where(and(eq(listBuildings.list_id, listId), eq(listBuildings.building_id, buildingId)))
      .returning({ building_id: listBuildings.building_id });
    if (removed.length === 0) throw notFound('This building is not in the list');
    return listById(tx, listId);
  });
}

/** A user's lists, newest first: all of them for the owner, only the public ones for anyone else. */
export async function listsOfUser(db: Db, handle: string, viewerId: number | null): Promise<List[]> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.handle, handle));
  if (!owner) throw notFound('User not found');
  const visible: SQL | undefined = owner.id === viewerId ? undefined : eq(lists.is_public, true);
  const rows = await selectLists(db)
    .where(and(eq(lists.user_id, owner.id), visible))
    .orderBy(desc(lists.created_at), desc(lists.id));
  return toLists(db, rows);
}
