/**
 * A building's history (GET /api/buildings/{id}/revisions) and reverting to a revision. A revert
 * restores the state right after the chosen revision: the building as it is now with every later
 * revision undone (each later change's `from`, newest first), written as a new revision
 * (docs/api.md, 'Revisions and suggestions').
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { BuildingRevision } from '#domain/revisions';
import type { FieldChanges } from '#domain/revision-terms';
import { seesHidden, type Actor } from '#domain/roles';
import type { Db } from '../../db/client.ts';
import { buildingRevisions, buildings } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Viewer } from '../../db/visibility.ts';
import { historyOf } from '../../db/history.ts';
import { appendLog } from '../moderation/moderation-log.ts';
import { bodyFromState, readBuildingState, withValues } from './building-state.ts';
import { changeBuilding, lockBuildingForChange } from './buildings.write.ts';

/** The building's owner when `viewer` may see it (404 otherwise: missing, or hidden from them). */
export async function visibleBuildingOwner(
  db: Pick<Db, 'select'>,
  id: number,
  viewer: Viewer | null,
): Promise<{ addedBy: number | null; name: string }> {
  const [b] = await db
    .select({ added_by: buildings.added_by, hidden_at: buildings.hidden_at, name: buildings.name })
    .from(buildings)
    .where(eq(buildings.id, id));
  if (!b || (b.hidden_at !== null && !seesHidden(viewer, b.added_by))) throw notFound('Building not found');
  return { addedBy: b.added_by, name: b.name };
}

/** One page of a building's revisions, newest first; `has_more` from one extra row. */
export async function listRevisions(
  db: Db,
  buildingId: number,
  viewer: Viewer | null,
  page: number,
  perPage: number,
): Promise<{ items: BuildingRevision[]; has_more: boolean }> {
  await visibleBuildingOwner(db, buildingId, viewer);
  const rows = await historyOf(
    db,
    buildingRevisions,
    eq(buildingRevisions.building_id, buildingId),
    { kind: buildingRevisions.kind, changes: buildingRevisions.changes },
    { limit: perPage + 1, offset: (page - 1) * perPage },
  );
  return {
    items: rows.slice(0, perPage),
    has_more: rows.length > perPage,
  };
}

/**
 * Restores the building as it was right after revision `revisionId` (owner or moderator; a
 * moderator's revert of someone else's building is logged). 404 for a revision of another
 * building, 409 when the building already has those values; the new revision's id.
 */
export async function revertToRevision(
  db: Db,
  buildingId: number,
  revisionId: number,
  actor: Actor,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { byModerator } = await lockBuildingForChange(tx, buildingId, actor);
    const [target] = await tx
      .select({ id: buildingRevisions.id })
      .from(buildingRevisions)
      .where(and(eq(buildingRevisions.id, revisionId), eq(buildingRevisions.building_id, buildingId)));
    if (!target) throw notFound('Revision not found');
    const later = await tx
      .select({ changes: buildingRevisions.changes })
      .from(buildingRevisions)
      .where(and(eq(buildingRevisions.building_id, buildingId), gt(buildingRevisions.id, revisionId)))
      .orderBy(desc(buildingRevisions.id));
    const { state, place_id } = await readBuildingState(tx, buildingId);
    const restored = later.reduce((s, r) => withValues(s, r.changes as FieldChanges, 'from'), state);
    const body = bodyFromState(buildingId, place_id, restored);
    const revision = await changeBuilding(tx, buildingId, body, { authorId: actor.id, kind: 'revert' });
    if (revision === null) throw conflict('The building already has the values of this revision.');
    if (byModerator) {
      await appendLog(tx, {
        actorId: actor.id,
        action: 'edit',
        targetType: 'building',
        targetId: buildingId,
        note: `reverted to revision ${revisionId}`,
      });
    }
    return revision;
  });
}
