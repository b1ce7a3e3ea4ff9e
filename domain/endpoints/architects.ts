/** /api/architects. */
import { z } from 'zod';
import {
  architectDetailQuerySchema,
  architectDetailSchema,
  architectIdParamsSchema,
  architectRefSchema,
  architectRenameBodySchema,
  architectRevisionsSchema,
  architectSuggestQuerySchema,
  architectSuggestionsSchema,
} from '../architects.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

export const architectEndpoints = {
  suggest: defineEndpoint('GET', '/architects', {
    auth: 'none',
    query: architectSuggestQuerySchema,
    responses: { 200: architectSuggestionsSchema },
  }),

  get: defineEndpoint('GET', '/architects/:id', {
    auth: 'none',
    params: architectIdParamsSchema,
    query: architectDetailQuerySchema,
    responses: {
      200: architectDetailSchema,
      301: z
        .null()
        .describe('A merged architect: Location is the architect it was merged into (the query kept)'),
    },
  }),

  rename: defineEndpoint('PATCH', '/architects/:id', {
    auth: 'required',
    role: 'moderator',
    params: architectIdParamsSchema,
    body: architectRenameBodySchema,
    responses: { 200: architectRefSchema, ...problems(403, 409) },
  }),

  revisions: defineEndpoint('GET', '/architects/:id/revisions', {
    auth: 'none',
    params: architectIdParamsSchema,
    responses: { 200: architectRevisionsSchema },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const architectDocs: EndpointDocs<typeof architectEndpoints> = {
  suggest: {
    summary: 'Architects whose name matches q (suggestions for the building form)',
    description: 'Only architects with at least one visible building are suggested.',
  },
  get: {
    summary: 'An architect with a page of the buildings they designed',
    description:
      'Works in the order most net votes, then each adder in turn (no one adder fills a page), then ' +
      'the oldest. 404 for an architect with no visible building; 301 for a merged one.',
  },
  rename: {
    summary: "Change an architect's displayed name (moderators and admins); kept as a revision, logged",
    description:
      'The only way a name changes: a user typing another spelling links to the existing architect. ' +
      '409 when another architect has the same name ignoring case and accents (merge them instead).',
  },
  revisions: {
    summary: "An architect's renames, newest first",
  },
};
