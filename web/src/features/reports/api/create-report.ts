import type { CreateReportBody } from '#domain/moderation';
import { moderationEndpoints } from '#domain/endpoints/moderation';
import { call } from '../../../lib/api-client.ts';

/** POST /api/reports: reports content or a user to the moderators; answers the report's id. */
export async function createReport(body: CreateReportBody): Promise<{ id: number }> {
  return call(moderationEndpoints.report, { body });
}
