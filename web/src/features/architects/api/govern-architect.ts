/** The moderators' corrections of an architect: a new name, a merge into another architect. */
import { architectEndpoints } from '#domain/endpoints/architects';
import { moderationEndpoints } from '#domain/endpoints/moderation';
import { call } from '../../../lib/api-client.ts';

/** PATCH /api/architects/{id}: 409 when another architect has the name (merge them instead). */
export function renameArchitect(id: number, name: string) {
  return call(architectEndpoints.rename, { params: { id }, body: { name } });
}

/** POST /api/moderation/architects/{id}/merge: `id`'s buildings move to `into`; `id` redirects there. */
export function mergeArchitect(id: number, into: number) {
  return call(moderationEndpoints.mergeArchitect, { params: { id }, body: { into } });
}
