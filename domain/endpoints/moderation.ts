/** /api/reports and /api/moderation: reports, the moderation queue, hiding, suspensions, the log. */
import { z } from 'zod';
import {
  createReportBodySchema,
  createReportResponseSchema,
  moderationLogQuerySchema,
  moderationLogSchema,
  reportIdParamsSchema,
  reportQueueQuerySchema,
  reportQueueSchema,
  resolveReportBodySchema,
  resolveReportResponseSchema,
  restoreParamsSchema,
  setRoleBodySchema,
  setRoleResponseSchema,
  suspendBodySchema,
  suspensionSchema,
} from '../moderation.ts';
import { handleParamsSchema } from '../users.ts';
import {
  architectIdParamsSchema,
  architectMergeBodySchema,
  architectMergeResponseSchema,
} from '../architects.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

export const moderationEndpoints = {
  // Under /users (it is a user's role), described here with the rest of governance.
  setRole: defineEndpoint('PUT', '/users/:handle/role', {
    auth: 'required',
    role: 'admin',
    params: handleParamsSchema,
    body: setRoleBodySchema,
    responses: { 200: setRoleResponseSchema, ...problems(403) },
  }),

  report: defineEndpoint('POST', '/reports', {
    auth: 'required',
    body: createReportBodySchema,
    responses: { 201: createReportResponseSchema, ...problems(403, 404, 409, 429) },
  }),

  queue: defineEndpoint('GET', '/moderation/reports', {
    auth: 'required',
    role: 'moderator',
    query: reportQueueQuerySchema,
    responses: { 200: reportQueueSchema, ...problems(403) },
  }),

  resolve: defineEndpoint('POST', '/moderation/reports/:id/resolve', {
    auth: 'required',
    role: 'moderator',
    params: reportIdParamsSchema,
    body: resolveReportBodySchema,
    responses: { 200: resolveReportResponseSchema, ...problems(403, 409) },
  }),

  restore: defineEndpoint('POST', '/moderation/:target_type/:id/restore', {
    auth: 'required',
    role: 'moderator',
    params: restoreParamsSchema,
    responses: { 204: z.null(), ...problems(403) },
  }),

  suspend: defineEndpoint('POST', '/moderation/users/:handle/suspend', {
    auth: 'required',
    role: 'moderator',
    params: handleParamsSchema,
    body: suspendBodySchema,
    responses: { 200: suspensionSchema, ...problems(403) },
  }),

  unsuspend: defineEndpoint('POST', '/moderation/users/:handle/unsuspend', {
    auth: 'required',
    role: 'moderator',
    params: handleParamsSchema,
    responses: { 200: suspensionSchema, ...problems(403) },
  }),

  mergeArchitect: defineEndpoint('POST', '/moderation/architects/:id/merge', {
    auth: 'required',
    role: 'moderator',
    params: architectIdParamsSchema,
    body: architectMergeBodySchema,
    responses: { 200: architectMergeResponseSchema, ...problems(403, 409) },
  }),

  log: defineEndpoint('GET', '/moderation/log', {
    auth: 'required',
    role: 'moderator',
    query: moderationLogQuerySchema,
    responses: { 200: moderationLogSchema, ...problems(403) },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const moderationDocs: EndpointDocs<typeof moderationEndpoints> = {
  setRole: {
    summary: 'Grant or withdraw the moderator role (admins only)',
    description:
      "403 for anyone but an admin, for one's own role and for an admin's (admins come from " +
      'ADMIN_EMAILS or the command line). Logged in the moderation log.',
  },
  report: {
    summary: 'Report a building, image, comment, user or architect to the moderators',
    description:
      'Signed in only; 404 when the target does not exist (or is hidden from the reporter), 409 when ' +
      'the same user already has an open report of the same target. Rate limited per IP.',
  },
  queue: {
    summary: 'The moderation queue: one row per reported target (moderators and admins)',
  },
  resolve: {
    summary: "Resolve every open report of this report's target: hide it, or dismiss the reports",
    description:
      'hide works on buildings, images and comments (400 for users, who are suspended instead, and ' +
      'architects); 409 when the report is already resolved. Logged.',
  },
  restore: {
    summary: 'Make hidden content visible again (moderators and admins). Logged.',
  },
  suspend: {
    summary: "Suspend a user: ends the user's sessions; sign-in and every write answer 403 until lifted",
  },
  unsuspend: {
    summary: 'Lift a suspension',
  },
  mergeArchitect: {
    summary: 'Merge a duplicate architect into another (moderators and admins)',
    description:
      "In one transaction the duplicate's buildings move to `into`, its name's spelling finds `into` " +
      'from then on, and the duplicate is removed: its page and GET /api/architects/{id} answer 301 to ' +
      '`into`. 400 when both are the same, 404 when either is unknown. Logged.',
  },
  log: {
    summary: 'Every moderator and admin action, newest first (paged)',
  },
};
