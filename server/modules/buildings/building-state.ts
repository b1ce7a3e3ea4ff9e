/**
 * A building as its revisions record it (domain/revision-terms.ts REVISION_FIELDS): reading it,
 * comparing two states field by field, turning a state back into an update payload, and writing a
 * revision. Values are kept in one canonical form so equal states compare equal: styles sorted by
 * id as {id, name}, architects as names in their order, the address with every part.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { updateBuildingBodySchema, type UpdateBuildingBody } from '#domain/building-write';
import { REVISION_FIELDS, type FieldChanges, type RevisionKind } from '#domain/revision-terms';
import type { Db } from '../../db/client.ts';
import { architecturalStyles, buildingRevisions, buildings, buildingStyles } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { architectsOfBuilding } from '../architects/architects.service.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AddressState {
  line1: string | null;
  line2: string | null;
  line3: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
}

export interface BuildingState {
  name: string;
  year_built: number | null;
  year_demolished: number | null;
  description: string | null;
  coordinates: [number, number];
  architectural_styles: { id: number; name: string }[];
  architects: string[];
  address: AddressState;
}

/** The recorded fields of a building, and the place id an update payload carries along. */
export async function readBuildingState(
  tx: Pick<Db, 'select'>,
  id: number,
): Promise<{ state: BuildingState; place_id: string | null }> {
  const [b] = await tx.select().from(buildings).where(eq(buildings.id, id));
  if (!b) throw notFound('Building not found');
  const styles = await tx
    .select({ id: architecturalStyles.id, name: architecturalStyles.name })
    .from(buildingStyles)
    .innerJoin(architecturalStyles, eq(architecturalStyles.id, buildingStyles.style_id))
    .where(eq(buildingStyles.building_id, id))
    .orderBy(asc(architecturalStyles.id));
  const architects = await architectsOfBuilding(tx, id);
  return {
    place_id: b.place_id,
    state: {
      name: b.name,
      year_built: b.year_built,
      year_demolished: b.year_demolished,
      description: b.description,
      coordinates: [b.lng, b.lat],
      architectural_styles: styles,
      architects: architects.map((a) => a.name),
      address: {
        line1: b.address_line1,
        line2: b.address_line2,
        line3: b.address_line3,
        city: b.city,
        state: b.state,
        postal_code: b.postal_code,
        country_code: b.country_code,
      },
    },
  };
}

/** Styles given by id, with their names, sorted by id; 400 for an unknown id. */
export async function stylesByIds(
  tx: Pick<Db, 'select'>,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: architecturalStyles.id, name: architecturalStyles.name })
    .from(architecturalStyles)
    .where(inArray(architecturalStyles.id, [...ids]))
    .orderBy(asc(architecturalStyles.id));
  const unknown = ids.filter((id) => !found.some((s) => s.id === id));
  if (unknown.length > 0) {
    const message = `Unknown architectural style${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    throw badRequest(message, { errors: [{ path: 'body.architectural_styles', message }] });
  }
  return found;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ between two states, each {from, to}. */
export function diffStates(before: BuildingState, after: BuildingState): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of REVISION_FIELDS) {
    if (!same(before[field], after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

export const isEmptyChange = (changes: FieldChanges) => Object.keys(changes).length === 0;

/** A state with some fields replaced by recorded values (the `to` or the `from` of changes). */
export function withValues(state: BuildingState, changes: FieldChanges, side: 'from' | 'to'): BuildingState {
  const next: Record<string, unknown> = { ...state };
  for (const field of REVISION_FIELDS) {
    const change = changes[field];
    if (change) next[field] = change[side];
  }
  return next as unknown as BuildingState;
}

/**
 * The update payload that gives a building this state, validated as an edit is (400 with the
 * payload's messages when the state is no valid building, e.g. a recorded year now out of range).
 * An address without a first line is left out: the stored one stays.
 */
export function bodyFromState(id: number, placeId: string | null, s: BuildingState): UpdateBuildingBody {
  const input = {
    id,
    name: s.name,
    place_id: placeId,
    year_built: s.year_built,
    year_demolished: s.year_demolished,
    description: s.description,
    coordinates: s.coordinates,
    architectural_styles: (s.architectural_styles ?? []).map((st) => st.id),
    architects: s.architects ?? [],
    ...(s.address?.line1 ? { address: s.address } : {}),
  };
  const parsed = updateBuildingBodySchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message }));
    throw badRequest(errors[0]?.message ?? 'These values do not make a valid building.', { errors });
  }
  return parsed.data;
}

/** Writes a revision (in the change's transaction); returns its id. */
export async function recordRevision(
  tx: Pick<Db, 'insert'>,
  r: {
    buildingId: number;
    authorId: number | null;
    kind: RevisionKind;
    changes: FieldChanges;
    suggestionId?: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(buildingRevisions)
    .values({
      building_id: r.buildingId,
      author_id: r.authorId,
      kind: r.kind,
      suggestion_id: r.suggestionId ?? null,
      changes: r.changes as Record<string, { from: unknown; to: unknown }>,
    })
    .returning({ id: buildingRevisions.id });
  return row!.id;
}
