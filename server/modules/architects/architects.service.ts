/**
 * Architects and their links to buildings. A name is matched to an existing architect by its
 * normalised key (architects.name_key = atlas_search_norm(name): case, accents and punctuation
 * folded), so 'antoni gaudi' finds 'Antoni Gaudí'; the key of an architect merged into another
 * finds the one it was merged into; any other key creates an architect. An architect's name
 * changes only through a moderator (renameArchitect, kept as a revision), and duplicates are
 * merged by one (mergeArchitects). Only architects with a building visitors see are suggested or
 * shown (visibility.ts).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ArchitectDetail, ArchitectMerged, ArchitectRef, ArchitectRevision } from '#domain/architects';
import type { Actor } from '#domain/roles';
import type { Db } from '../../db/client.ts';
import {
  architectRedirects,
  architectRevisions,
  architects,
  buildingArchitects,
  buildings,
  images,
} from '../../db/schema.ts';
import type { MediaUrls } from '../../storage/media-url.ts';
import { selectRows } from '../../db/rows.ts';
import { historyOf } from '../../db/history.ts';
import { coverImageColumns, coverImageJoin } from '../buildings/buildings.queries.ts';
import { visibleAlias, visibleBuilding } from '../../db/visibility.ts';
import { appendLog } from '../moderation/moderation-log.ts';

type Tx = Pick<Db, 'execute' | 'select' | 'insert' | 'delete'>;

/** The ids of these architects, creating the missing ones; in the order of `names`. */
export async function architectIdsFor(tx: Tx, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const given = sql`jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) WITH ORDINALITY AS n(name, ord)`;
  // Existing keys are left alone (a name changes only through a moderator), and so are the keys of
  // merged architects (they find the architect they were merged into).
  await tx.execute(
    sql`INSERT INTO ${architects} (name) SELECT btrim(n.name) FROM ${given}
        WHERE NOT EXISTS (SELECT 1 FROM ${architectRedirects} r WHERE r.name_key = atlas_search_norm(n.name))
        ORDER BY n.ord
        ON CONFLICT (name_key) DO NOTHING`,
  );
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`SELECT coalesce(a.id, r.new_id) AS id FROM ${given}
        LEFT JOIN ${architects} a ON a.name_key = atlas_search_norm(n.name)
        LEFT JOIN ${architectRedirects} r ON r.name_key = atlas_search_norm(n.name)
        WHERE coalesce(a.id, r.new_id) IS NOT NULL
        ORDER BY n.ord`,
  );
  return [...new Set(rows.map((r) => Number(r.id)))];
}

/** Replaces a building's architects with these names (in this order). */
export async function setBuildingArchitects(tx: Tx, buildingId: number, names: readonly string[]) {
  const ids = await architectIdsFor(tx, names);
  await tx.delete(buildingArchitects).where(eq(buildingArchitects.building_id, buildingId));
  if (ids.length === 0) return;
  await tx
    .insert(buildingArchitects)
    .values(ids.map((architect_id, position) => ({ building_id: buildingId, architect_id, position })))
    .onConflictDoNothing();
}

/** A building's architects, in the order they were given. */
export async function architectsOfBuilding(
  tx: Pick<Db, 'select'>,
  buildingId: number,
): Promise<ArchitectRef[]> {
  return tx
    .select({ id: architects.id, name: architects.name })
    .from(buildingArchitects)
    .innerJoin(architects, eq(architects.id, buildingArchitects.architect_id))
    .where(eq(buildingArchitects.building_id, buildingId))
    .orderBy(asc(buildingArchitects.position), asc(architects.id));
}

/** The architect a merged one was merged into, or null. */
export async function mergedInto(db: Pick<Db, 'select'>, id: number): Promise<number | null> {
  const [row] = await db
    .select({ new_id: architectRedirects.new_id })
    .from(architectRedirects)
    .where(eq(architectRedirects.old_id, id));
  return row?.new_id ?? null;
}

/** Links of this architect to buildings visitors see (the same for everyone: pages are shared). */
const visibleWorks = (id: number) => and(eq(buildingArchitects.architect_id, id), visibleBuilding(null));

/** How many buildings visitors see this architect designed. */
export async function visibleWorkCount(db: Pick<Db, 'select'>, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(buildingArchitects)
    .innerJoin(buildings, eq(buildings.id, buildingArchitects.building_id))
    .where(visibleWorks(id));
  return Number(row?.n ?? 0);
}

export type ArchitectLookup = ArchitectDetail | { movedTo: number } | null;

/**
 * An architect with one page of their visible works; `movedTo` for an architect merged into
 * another; null when unknown or when none of their buildings is visible (an architect page of
 * nothing is not shown, listed nor indexed). The works' order (domain/architects.ts): most net
 * votes; among works with as many, each adder in turn (every adder's oldest before anyone's
 * second); then the oldest, then by id. So one user's many additions cannot push everyone else's
 * off the first page.
 */
export async function getArchitect(
  db: Db,
  media: MediaUrls,
  id: number,
  paging: { page: number; per_page: number } = { page: 1, per_page: 24 },
): Promise<ArchitectLookup> {
  const [architect] = await db
    .select({ id: architects.id, name: architects.name })
    .from(architects)
    .where(eq(architects.id, id));
  if (!architect) {
    const into = await mergedInto(db, id);
    return into === null ? null : { movedTo: into };
  }
  const total = await visibleWorkCount(db, id);
  if (total === 0) return null;
  const net = sql`${buildings.upvotes} - ${buildings.downvotes}`;
  const rows = await db
    .select({
      id: buildings.id,
      name: buildings.name,
      year_built: buildings.year_built,
      lng: buildings.lng,
      lat: buildings.lat,
      cover: coverImageColumns,
    })
    .from(buildingArchitects)
    .innerJoin(buildings, eq(buildings.id, buildingArchitects.building_id))
    .leftJoin(images, coverImageJoin)
    .where(visibleWorks(id))
    .orderBy(
      sql`${net} DESC`,
      // Among works with as many votes, each adder's oldest first, then each one's second, ...
      sql`row_number() OVER (PARTITION BY ${buildings.added_by}, ${net}
            ORDER BY ${buildings.year_built} ASC NULLS LAST, ${buildings.id})`,
      sql`${buildings.year_built} ASC NULLS LAST`,
      asc(buildings.id),
    )
    .limit(paging.per_page)
    .offset((paging.page - 1) * paging.per_page);
  return {
    ...architect,
    total,
    page: paging.page,
    per_page: paging.per_page,
    pages: Math.ceil(total / paging.per_page),
    buildings: rows.map((r) => ({
      id: r.id,
      name: r.name,
      year_built: r.year_built,
      coordinates: [r.lng, r.lat],
      cover_image: r.cover ? media.image(r.cover) : null,
    })),
  };
}

/** Only architects with a building visitors see are suggested. */
const hasVisibleWork = sql`EXISTS (SELECT 1 FROM ${buildingArchitects} ba JOIN ${buildings} b ON b.id = ba.building_id
  WHERE ba.architect_id = a.id AND ${visibleAlias(null, 'b', 'added_by')})`;

/**
 * Architects whose name starts with (or, from three letters, contains something like) `q`; with
 * no `q`, the first by name. Only architects with a visible building.
 */
export async function suggestArchitects(db: Db, q: string, limit = 10): Promise<ArchitectRef[]> {
  if (q === '') {
    return selectRows<ArchitectRef>(
      db,
      sql`SELECT a.id, a.name FROM ${architects} a WHERE ${hasVisibleWork} ORDER BY a.name_key LIMIT ${limit}`,
    );
  }
  return selectRows<ArchitectRef>(
    db,
    sql`WITH q AS (SELECT atlas_search_norm(${q}) AS k)
        SELECT a.id, a.name FROM ${architects} a, q
        WHERE (a.name_key LIKE q.k || '%' OR a.name_key LIKE '% ' || q.k || '%'
           OR (length(q.k) >= 3 AND q.k <% a.name_key))
          AND ${hasVisibleWork}
        ORDER BY (a.name_key LIKE q.k || '%') DESC, word_similarity(q.k, a.name_key) DESC, a.name_key
        LIMIT ${limit}`,
  );
}

export type RenameResult =
  | { ok: true; architect: ArchitectRef }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'taken'; other: ArchitectRef };

/**
 * A moderator's rename: the name changes, a revision keeps the old and new names, the log records
 * it. Refused ('taken') when another architect has the same key (they are one: merge them). A
 * merged architect's spelling given to this one stops redirecting to the other.
 */
export async function renameArchitect(db: Db, actor: Actor, id: number, name: string): Promise<RenameResult> {
  try {
    return await renameInTransaction(db, actor, id, name);
  } catch (err) {
    // Another architect took the key between the check and the update (a concurrent write).
    if (!isUniqueViolation(err)) throw err;
    const [other] = await db
      .select({ id: architects.id, name: architects.name })
      .from(architects)
      .where(and(eq(architects.name_key, sql`atlas_search_norm(${name})`), ne(architects.id, id)));
    if (!other) throw err;
    return { ok: false, reason: 'taken', other };
  }
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

async function renameInTransaction(db: Db, actor: Actor, id: number, name: string): Promise<RenameResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: architects.id, name: architects.name })
      .from(architects)
      .where(eq(architects.id, id))
      .for('update');
    if (!current) return { ok: false, reason: 'missing' } as const;
    const [other] = await tx
      .select({ id: architects.id, name: architects.name })
      .from(architects)
      .where(and(eq(architects.name_key, sql`atlas_search_norm(${name})`), ne(architects.id, id)));
    if (other) return { ok: false, reason: 'taken', other } as const;
    if (current.name === name) return { ok: true, architect: current } as const;
    await tx.update(architects).set({ name }).where(eq(architects.id, id));
    // The architect's own key finds it from now on: a merged architect's spelling no longer redirects.
    await tx
      .update(architectRedirects)
      .set({ name_key: null })
      .where(eq(architectRedirects.name_key, sql`atlas_search_norm(${name})`));
    await tx
      .insert(architectRevisions)
      .values({ architect_id: id, author_id: actor.id, name_from: current.name, name_to: name });
    await appendLog(tx, {
      actorId: actor.id,
      action: 'rename',
      targetType: 'architect',
      targetId: id,
      note: `${current.name} → ${name}`,
    });
    return { ok: true, architect: { id, name } } as const;
  });
}

/** An architect's renames, newest first; null for an unknown architect. */
export async function architectRevisionsOf(db: Db, id: number): Promise<ArchitectRevision[] | null> {
  const [architect] = await db.select({ id: architects.id }).from(architects).where(eq(architects.id, id));
  if (!architect) return null;
  const rows = await historyOf(db, architectRevisions, eq(architectRevisions.architect_id, id), {
    from: architectRevisions.name_from,
    to: architectRevisions.name_to,
  });
  return rows.map(({ from, to, ...entry }) => ({ ...entry, changes: { name: { from, to } } }));
}

export type MergeResult =
  { ok: true; merged: ArchitectMerged } | { ok: false; reason: 'same' | 'missing' | 'missing_into' };

/**
 * Merges architect `id` into `into`, in one transaction: its buildings link to `into` (in the
 * same position; a building linked to both keeps one link), architects merged into it earlier
 * now point at `into`, its key finds `into` from then on, it is removed (its revisions with it)
 * and its old id redirects to `into`. Logged.
 */
export async function mergeArchitects(db: Db, actor: Actor, id: number, into: number): Promise<MergeResult> {
  if (id === into) return { ok: false, reason: 'same' };
  return db.transaction(async (tx) => {
    // Both rows locked, in id order (two merges of the same pair the other way round wait, not deadlock).
    const locked = await tx
      .select({ id: architects.id, name: architects.name, name_key: architects.name_key })
      .from(architects)
      .where(sql`${architects.id} IN (${id}, ${into})`)
      .orderBy(asc(architects.id))
      .for('update');
    const old = locked.find((a) => a.id === id);
    const target = locked.find((a) => a.id === into);
    if (!old) return { ok: false, reason: 'missing' } as const;
    if (!target) return { ok: false, reason: 'missing_into' } as const;
    const links = await tx
      .select({ building_id: buildingArchitects.building_id, position: buildingArchitects.position })
      .from(buildingArchitects)
      .where(eq(buildingArchitects.architect_id, id));
    if (links.length > 0) {
      await tx
        .insert(buildingArchitects)
        .values(links.map((l) => ({ building_id: l.building_id, architect_id: into, position: l.position })))
        .onConflictDoNothing();
    }
    await tx.update(architectRedirects).set({ new_id: into }).where(eq(architectRedirects.new_id, id));
    // Its links and revisions go with it (cascade).
    await tx.delete(architects).where(eq(architects.id, id));
    // Its key now redirects (it is free among the architects; no other redirect may keep it).
    await tx
      .update(architectRedirects)
      .set({ name_key: null })
      .where(eq(architectRedirects.name_key, old.name_key));
    await tx.insert(architectRedirects).values({ old_id: id, new_id: into, name_key: old.name_key });
    await appendLog(tx, {
      actorId: actor.id,
      action: 'merge',
      targetType: 'architect',
      targetId: id,
      note: `${old.name} → ${target.name} (${into})`,
    });
    return { ok: true, merged: { id: into, merged: id, moved: links.length } } as const;
  });
}
