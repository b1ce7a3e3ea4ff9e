/**
 * The visibility predicate: one SQL condition per table saying which rows a viewer may see, so
 * every read (details, lists, galleries, comments, user pages, search, the map, exports, the
 * sitemap, page heads) leaves out what moderators hid in the same way (architecture: 'Visibility
 * is one predicate'). Hidden rows stay visible to their owner (to know what happened to them) and
 * to moderators (domain/roles.ts seesHidden). Shared answers (the map and its cache, search,
 * exports, the sitemap, page heads) are built for a visitor: `viewer` null.
 */
import { isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import { isModerator, type Role } from '#domain/roles';
import { buildings, comments, images } from './schema.ts';

/** Who is reading; null for a visitor and for answers shared by everyone. */
export interface Viewer {
  id: number;
  role: Role;
}

/** The condition for a table whose rows have `hidden_at` and an owner column (also for aliased raw SQL). */
export function visibleTo(viewer: Viewer | null, hiddenAt: Column | SQL, ownerId: Column | SQL): SQL {
  if (viewer && isModerator(viewer)) return sql`true`;
  if (!viewer) return isNull(hiddenAt);
  // or() of two conditions is never undefined.
  return or(isNull(hiddenAt), sql`${ownerId} = ${viewer.id}`) as SQL;
}

export const visibleBuilding = (viewer: Viewer | null) =>
  visibleTo(viewer, buildings.hidden_at, buildings.added_by);
export const visibleImage = (viewer: Viewer | null) => visibleTo(viewer, images.hidden_at, images.added_by);
export const visibleComment = (viewer: Viewer | null) =>
  visibleTo(viewer, comments.hidden_at, comments.user_id);

/** The same conditions on raw SQL aliases: visibleAlias(viewer, 'b', 'added_by') for `buildings b`. */
export function visibleAlias(viewer: Viewer | null, alias: string, ownerColumn: string): SQL {
  return visibleTo(viewer, sql.raw(`${alias}.hidden_at`), sql.raw(`${alias}.${ownerColumn}`));
}

/** The viewer of a request: its signed-in user (id and role), or null. */
export const viewerOf = (request: { user: Viewer | null }): Viewer | null =>
  request.user ? { id: request.user.id, role: request.user.role } : null;
