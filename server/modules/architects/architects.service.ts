/**
 * Architects and their links to buildings. A name is matched to an existing architect by its
 * normalised key (architects.name_key = atlas_search_norm(name): case, accents and punctuation
 * folded), so 'antoni gaudi' finds 'Antoni Gaudí'; a new key creates an architect.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ArchitectDetail, ArchitectRef } from '#domain/architects';
import type { Db } from '../../db/client.ts';
import { architects, buildingArchitects, buildings, images } from '../../db/schema.ts';
import type { MediaUrls } from '../../storage/media-url.ts';
import { selectRows } from '../../db/rows.ts';
import { coverImageColumns, coverImageJoin } from '../buildings/buildings.queries.ts';
import { visibleBuilding } from '../../db/visibility.ts';

type Tx = Pick<Db, 'execute' | 'select' | 'insert' | 'delete'>;

/** The ids of these architects, creating the missing ones; in the order of `names`. */
export async function architectIdsFor(tx: Tx, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const given = sql`jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) WITH ORDINALITY AS n(name, ord)`;
  // Existing keys are left alone (the first spelling stays the architect's name).
  await tx.execute(
    sql`INSERT INTO ${architects} (name) SELECT btrim(n.name) FROM ${given} ORDER BY n.ord
        ON CONFLICT (name_key) DO NOTHING`,
  );
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`SELECT a.id FROM ${given} JOIN ${architects} a ON a.name_key = atlas_search_norm(n.name) ORDER BY n.ord`,
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

/** An architect with the buildings linked to them, oldest first; null when unknown. */
export async function getArchitect(db: Db, media: MediaUrls, id: number): Promise<ArchitectDetail | null> {
  const [architect] = await db
    .select({ id: architects.id, name: architects.name })
    .from(architects)
    .where(eq(architects.id, id));
  if (!architect) return null;
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
    // The same list for everyone (pages are cached and indexed): buildings moderators hid are left out.
    .where(and(eq(buildingArchitects.architect_id, id), visibleBuilding(null)))
    .orderBy(sql`${buildings.year_built} ASC NULLS LAST`, asc(buildings.id))
    .limit(500);
  return {
    ...architect,
    buildings: rows.map((r) => ({
      id: r.id,
      name: r.name,
      year_built: r.year_built,
      coordinates: [r.lng, r.lat],
      cover_image: r.cover ? media.image(r.cover) : null,
    })),
  };
}

/** Architects whose name starts with (or, from three letters, contains something like) `q`. */
export async function suggestArchitects(db: Db, q: string, limit = 10): Promise<ArchitectRef[]> {
  if (q === '') {
    return db
      .select({ id: architects.id, name: architects.name })
      .from(architects)
      .orderBy(asc(architects.name_key))
      .limit(limit);
  }
  return selectRows<ArchitectRef>(
    db,
    sql`WITH q AS (SELECT atlas_search_norm(${q}) AS k)
        SELECT a.id, a.name FROM ${architects} a, q
        WHERE a.name_key LIKE q.k || '%' OR a.name_key LIKE '% ' || q.k || '%'
           OR (length(q.k) >= 3 AND q.k <% a.name_key)
        ORDER BY (a.name_key LIKE q.k || '%') DESC, word_similarity(q.k, a.name_key) DESC, a.name_key
        LIMIT ${limit}`,
  );
}
