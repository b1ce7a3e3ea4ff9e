/** Small, known data sets for API tests (the app is built with SEED=false for these). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { architecturalStyles, buildings, buildingStyles, users } from '../db/schema.ts';

export interface FixtureBuilding {
  name: string;
  lng: number;
  lat: number;
  year_built: number | null;
  year_demolished?: number | null;
  styles?: string[];
}

export async function insertUser(db: Db, handle: string) {
  const [u] = await db.insert(users).values({ handle }).returning();
  return u!;
}

export async function insertStyles(db: Db, names: string[]) {
  const rows = await db
    .insert(architecturalStyles)
    .values(names.map((name) => ({ name })))
    .returning({ id: architecturalStyles.id, name: architecturalStyles.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function insertBuildings(
  db: Db,
  list: FixtureBuilding[],
  styleIds: Map<string, number>,
  addedBy: number | null = null,
) {
  const rows = await db
    .insert(buildings)
    .values(
      list.map((b) => ({
        name: b.name,
        description: `${b.name} description`,
        lng: b.lng,
        lat: b.lat,
        year_built: b.year_built,
        year_demolished: b.year_demolished ?? null,
        added_by: addedBy,
      })),
    )
    .returning({ id: buildings.id, name: buildings.name });
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  const links = list.flatMap((b) =>
    (b.styles ?? []).map((s) => ({ building_id: ids.get(b.name)!, style_id: styleIds.get(s)! })),
  );
  if (links.length) await db.insert(buildingStyles).values(links);
  return ids;
}

/**
 * POST /api/buildings/ as the user of `headers` (a session cookie): the given fields, with no
 * place, years or description unless given.
 */
export function postBuilding(
  app: FastifyInstance,
  headers: { cookie: string },
  fields: { name: string; coordinates: [number, number]; architectural_styles: number[] } & Record<
    string,
    unknown
  >,
) {
  return app.inject({
    method: 'POST',
    url: '/api/buildings/',
    headers,
    payload: { place_id: null, year_built: null, year_demolished: null, description: null, ...fields },
  });
}
