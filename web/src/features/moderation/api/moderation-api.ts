import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { moderationEndpoints } from '#domain/endpoints/moderation';
import type { ReportStatus } from '#domain/moderation';
import type { HideableType } from '#domain/moderation-terms';
import type { GRANTABLE_ROLES } from '#domain/roles';

type GrantableRole = (typeof GRANTABLE_ROLES)[number];
import { call } from '../../../lib/api-client.ts';
import { moderationKeys } from '../../../lib/query-keys.ts';

/** GET /api/moderation/reports?status=…: one row per reported target. */
export const reportQueueQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ signal }) => call(moderationEndpoints.queue, { query: { status }, signal }),
  });

/** GET /api/moderation/log?page=…: newest first, paged; the previous page stays while the next loads. */
export const moderationLogQuery = (page: number) =>
  queryOptions({
    queryKey: moderationKeys.log(page),
    queryFn: ({ signal }) => call(moderationEndpoints.log, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /api/moderation/reports/{id}/resolve: hides the target or dismisses its open reports. */
export function resolveReport(id: number, action: 'hide' | 'dismiss', note: string) {
  return call(moderationEndpoints.resolve, {
    params: { id },
    body: { action, ...(note ? { note } : {}) },
  });
}

/** POST /api/moderation/{target_type}/{id}/restore: a hidden building, image or comment is shown again. */
export function restoreTarget(targetType: HideableType, id: number) {
  return call(moderationEndpoints.restore, { params: { target_type: targetType, id } });
}

/** POST /api/moderation/users/{handle}/suspend (until: an ISO date and time, or none). */
export function suspendUser(handle: string, reason: string, until: string | null) {
  return call(moderationEndpoints.suspend, {
    params: { handle },
    body: { reason, ...(until ? { until } : {}) },
  });
}

/** POST /api/moderation/users/{handle}/unsuspend */
export function unsuspendUser(handle: string) {
  return call(moderationEndpoints.unsuspend, { params: { handle } });
}

/** PUT /api/users/{handle}/role (admins only): grants or withdraws the moderator role. */
export function setUserRole(handle: string, role: GrantableRole) {
  return call(moderationEndpoints.setRole, { params: { handle }, body: { role } });
}
