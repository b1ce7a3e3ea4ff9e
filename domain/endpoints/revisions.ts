/**
 * A building's history and suggested edits: /api/buildings/{id}/revisions and
 * /api/buildings/{id}/suggestions, and a user's own suggestions (docs/api.md, 'Revisions and
 * suggestions'). Who may review is the building's owner or a moderator, which depends on the
 * building: the handlers check it (no `role` here).
 */
import { buildingIdParamsSchema } from '../building-detail.ts';
import {
  revertResponseSchema,
  revisionConflictProblemSchema,
  revisionListQuerySchema,
  revisionListSchema,
  revisionParamsSchema,
  reviewResponseSchema,
  suggestionBodySchema,
  suggestionCreatedSchema,
  suggestionListQuerySchema,
  suggestionListSchema,
  suggestionParamsSchema,
  userSuggestionListQuerySchema,
} from '../revisions.ts';
import { handleParamsSchema } from '../users.ts';
import { defineEndpoint, problems, read, record, write, type EndpointDocs } from './define.ts';

const building = record('/buildings/:id', buildingIdParamsSchema);
const revision = record('/buildings/:id/revisions/:rid', revisionParamsSchema);
const suggestion = record('/buildings/:id/suggestions/:sid', suggestionParamsSchema);

export const revisionEndpoints = {
  list: read(building, '/revisions', {
    query: revisionListQuerySchema,
    responses: { 200: revisionListSchema },
  }),

  revert: write('POST', revision, '/revert', {
    responses: { 201: revertResponseSchema, ...problems(403), 409: revisionConflictProblemSchema },
  }),

  suggest: write('POST', building, '/suggestions', {
    body: suggestionBodySchema,
    responses: { 201: suggestionCreatedSchema, ...problems(403, 429) },
  }),

  suggestions: defineEndpoint('GET', '/buildings/:id/suggestions', {
    auth: 'required',
    params: buildingIdParamsSchema,
    query: suggestionListQuerySchema,
    responses: { 200: suggestionListSchema, ...problems(403) },
  }),

  accept: write('POST', suggestion, '/accept', {
    responses: { 200: reviewResponseSchema, ...problems(403), 409: revisionConflictProblemSchema },
  }),

  reject: write('POST', suggestion, '/reject', {
    responses: { 200: reviewResponseSchema, ...problems(403), 409: revisionConflictProblemSchema },
  }),

  userSuggestions: defineEndpoint('GET', '/users/:handle/suggestions', {
    auth: 'required',
    params: handleParamsSchema,
    query: userSuggestionListQuerySchema,
    responses: { 200: suggestionListSchema, ...problems(403) },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const revisionDocs: EndpointDocs<typeof revisionEndpoints> = {
  list: {
    summary: "A building's revisions, newest first (paged): who changed which fields from what to what",
    description:
      'Every change is a revision: its creation, an edit by its owner or a moderator, an accepted ' +
      'suggestion, a revert. 404 where the building is (or is hidden) for the caller.',
  },
  revert: {
    summary:
      'Restore the building as it was right after this revision, as a new revision (owner or moderator)',
    description:
      'The building takes the values it had just after revision `rid` (every later change undone), ' +
      'written as a new revision of kind revert. 403 for anyone but the owner and moderators, 404 for a ' +
      'revision of another building, 409 when the building already has those values (or they would ' +
      'duplicate another building). See docs/api.md.',
  },
  suggest: {
    summary: 'Suggest an edit to any building (signed-in users): the fields that change',
    description:
      'The body holds the building payload fields that change; 400 when none changes or the result ' +
      "would not be a valid building. Reviewed by the owner or, for the catalogue account's buildings, " +
      'by moderators. Rate limited like every write.',
  },
  suggestions: {
    summary: "A building's suggestions by status (default pending), for its owner and moderators",
  },
  accept: {
    summary: 'Accept a pending suggestion: its changes apply to the building as a revision',
    description:
      'Validated again against the building as it is now (400 when the result is not a valid building, ' +
      '409 when it would duplicate another). 409 when the suggestion is not pending or changes nothing any more.',
  },
  reject: {
    summary: 'Reject a pending suggestion (409 when it is not pending)',
  },
  userSuggestions: {
    summary: "A user's own suggestions with their outcome, newest first (the user themself and moderators)",
  },
};
