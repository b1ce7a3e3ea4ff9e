/**
 * Suggested edits: any signed-in user suggests changes to any building; its owner or a moderator
 * (the only reviewers of the catalogue account's buildings) accepts them, which applies them as a
 * revision, or rejects them. The suggester sees the outcome among their own suggestions.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BuildingSuggestion } from '#domain/revisions';
import type { SuggestionBody } from '#domain/revisions';
import type { SuggestionStatus } from '#domain/revision-terms';
import { isModerator, type Actor } from '#domain/roles';
import type { Db } from '../../db/client.ts';
import { columnsOf } from '../../db/columns.ts';
import { buildings, buildingSuggestions, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Viewer } from '../../db/visibility.ts';
import { appendLog } from '../moderation/moderation-log.ts';
import {
  bodyFromState,
  diffStates,
  isEmptyChange,
  readBuildingState,
  stylesByIds,
  withValues,
  type BuildingState,
} from './building-state.ts';
import { visibleBuildingOwner } from './building-revisions.service.ts';
import { changeBuilding, lockBuildingForChange, mayChangeBuilding } from './buildings.write.ts';

export const NOTHING_CHANGES = 'This suggestion changes nothing: the building already has these values.';

/**
 * Records a suggestion by `author` (404 when the building is missing or hidden from them; 400 when
 * nothing changes or the result is no valid building). Its changes are against the building now.
 */
export async function createSuggestion(
  db: Db,
  buildingId: number,
  author: Actor,
  body: SuggestionBody,
): Promise<number> {
  await visibleBuildingOwner(db, buildingId, author);
  const { state, place_id } = await readBuildingState(db, buildingId);
  const { note, architectural_styles, ...given } = body;
  const proposed: BuildingState = {
    ...state,
    ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
    ...(architectural_styles ? { architectural_styles: await stylesByIds(db, architectural_styles) } : {}),
  };
  // Validated as the whole building it would make (years in order, an address with a first line).
  bodyFromState(buildingId, place_id, proposed);
  const changes = diffStates(state, proposed);
  if (isEmptyChange(changes)) throw badRequest(NOTHING_CHANGES);
  const [row] = await db
    .insert(buildingSuggestions)
    .values({
      building_id: buildingId,
      author_id: author.id,
      changes: changes as Record<string, { from: unknown; to: unknown }>,
      note: note ? note : null,
    })
    .returning({ id: buildingSuggestions.id });
  return row!.id;
}

const reviewer = alias(users, 'reviewer');

function suggestionRows(db: Db, where: SQL | undefined, page: number, perPage: number) {
  return db
    .select({
      ...columnsOf(buildingSuggestions, [
        'id',
        'building_id',
        'status',
        'created_at',
        'changes',
        'note',
        'reviewed_at',
      ]),
      building_name: buildings.name,
      author: users.handle,
      reviewed_by: reviewer.handle,
    })
    .from(buildingSuggestions)
    .innerJoin(buildings, eq(buildings.id, buildingSuggestions.building_id))
    .leftJoin(users, eq(users.id, buildingSuggestions.author_id))
    .leftJoin(reviewer, eq(reviewer.id, buildingSuggestions.reviewed_by))
    .where(where)
    .orderBy(desc(buildingSuggestions.created_at), desc(buildingSuggestions.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
}

type Row = Awaited<ReturnType<typeof suggestionRows>>[number];

function toSuggestion(r: Row): BuildingSuggestion {
  return {
    id: r.id,
    building: { id: r.building_id, name: r.building_name },
    status: r.status,
    created_at: r.created_at.toISOString(),
    author: r.author === null ? null : { handle: r.author },
    changes: r.changes,
    note: r.note,
    reviewed_at: r.reviewed_at?.toISOString() ?? null,
    reviewed_by: r.reviewed_by === null ? null : { handle: r.reviewed_by },
  };
}

const page = (rows: Row[], perPage: number) => ({
  items: rows.slice(0, perPage).map(toSuggestion),
  has_more: rows.length > perPage,
});

/** A building's suggestions of one status, newest first, for its owner and moderators (403 others). */
export async function listBuildingSuggestions(
  db: Db,
  buildingId: number,
  viewer: Actor,
  status: SuggestionStatus,
  pageNo: number,
  perPage: number,
) {
  const { addedBy } = await visibleBuildingOwner(db, buildingId, viewer);
  if (!mayChangeBuilding(viewer, addedBy)) {
    throw forbidden("Only the building's owner and moderators review its suggestions.");
  }
  const where = and(eq(buildingSuggestions.building_id, buildingId), eq(buildingSuggestions.status, status));
  return page(await suggestionRows(db, where, pageNo, perPage), perPage);
}

/** A user's own suggestions (all, or of one status), newest first: the user themself and moderators. */
export async function listUserSuggestions(
  db: Db,
  handle: string,
  viewer: Viewer,
  status: SuggestionStatus | undefined,
  pageNo: number,
  perPage: number,
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.handle, handle));
  if (!user) throw notFound('User not found');
  if (user.id !== viewer.id && !isModerator(viewer)) {
    throw forbidden('Only the user themself can see their suggestions.');
  }
  const where = and(
    eq(buildingSuggestions.author_id, user.id),
    status ? eq(buildingSuggestions.status, status) : undefined,
  );
  return page(await suggestionRows(db, where, pageNo, perPage), perPage);
}

/**
 * Accepts or rejects a pending suggestion (owner or moderator: 403 others, checked before the
 * suggestion is looked at). Accepting applies its `to` values to the building as it is now, as a
 * revision by the suggester: 400 when that is no valid building any more, 409 when it changes
 * nothing. 409 when the suggestion is not pending.
 */
export async function reviewSuggestion(
  db: Db,
  buildingId: number,
  suggestionId: number,
  actor: Actor,
  decision: 'accepted' | 'rejected',
): Promise<{ revisionId: number | null }> {
  return db.transaction(async (tx) => {
    const { byModerator } = await lockBuildingForChange(tx, buildingId, actor);
    const [s] = await tx
      .select({
        status: buildingSuggestions.status,
        author_id: buildingSuggestions.author_id,
        changes: buildingSuggestions.changes,
      })
      .from(buildingSuggestions)
      .where(and(eq(buildingSuggestions.id, suggestionId), eq(buildingSuggestions.building_id, buildingId)))
      .for('update');
    if (!s) throw notFound('Suggestion not found');
    if (s.status !== 'pending') throw conflict(`This suggestion was already ${s.status}.`);
    let revisionId: number | null = null;
    if (decision === 'accepted') {
      const { state, place_id } = await readBuildingState(tx, buildingId);
      const proposed = withValues(state, s.changes, 'to');
      const body = bodyFromState(buildingId, place_id, proposed);
      revisionId = await changeBuilding(tx, buildingId, body, {
        authorId: s.author_id,
        kind: 'suggestion',
        suggestionId,
      });
      if (revisionId === null) throw conflict(NOTHING_CHANGES);
    }
    await tx
      .update(buildingSuggestions)
      .set({ status: decision, reviewed_by: actor.id, reviewed_at: sql`now()` })
      .where(eq(buildingSuggestions.id, suggestionId));
    if (byModerator && revisionId !== null) {
      await appendLog(tx, {
        actorId: actor.id,
        action: 'edit',
        targetType: 'building',
        targetId: buildingId,
        note: `accepted suggestion ${suggestionId}`,
      });
    }
    return { revisionId };
  });
}
