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
import { defineEndpoint, problems, record, write, type EndpointDocs } from './define.ts';

const reportRecord = record('/moderation/reports/:id', reportIdParamsSchema);
const userRecord = record('/moderation/users/:handle', handleParamsSchema);

export const moderationEndpoints = {
  // Under /users (it is a user's role), described here with the rest of governance.
  setRole: write('PUT', record('/users/:handle', handleParamsSchema), '/role', {
    role: 'admin',
    body: setRoleBodySchema,
    responses: { 200: setRoleResponseSchema, ...problems(403) },
  }),

  report: write('POST', '/reports', {
    body: createReportBodySchema,
    responses: { 201: createReportResponseSchema, ...problems(403, 404, 409, 429) },
  }),

  queue: defineEndpoint('GET', '/moderation/reports', {
    auth: 'required',
    role: 'moderator',
    query: reportQueueQuerySchema,
    responses: { 200: reportQueueSchema, ...problems(403) },
  }),

  resolve: write('POST', reportRecord, '/resolve', {
    role: 'moderator',
    body: resolveReportBodySchema,
    responses: { 200: resolveReportResponseSchema, ...problems(403, 409) },
  }),

  restore: write('POST', record('/moderation/:target_type/:id', restoreParamsSchema), '/restore', {
    role: 'moderator',
    responses: { 204: z.null(), ...problems(403) },
  }),

  suspend: write('POST', userRecord, '/suspend', {
    role: 'moderator',
    body: suspendBodySchema,
    responses: { 200: suspensionSchema, ...problems(403) },
  }),

  unsuspend: write('POST', userRecord, '/unsuspend', {
    role: 'moderator',
    responses: { 200: suspensionSchema, ...problems(403) },
  }),

  mergeArchitect: write('POST', record('/moderation/architects/:id', architectIdParamsSchema), '/merge', {
    role: 'moderator',
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
