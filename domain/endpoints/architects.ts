/** /api/architects. */
import {
  architectDetailSchema,
  architectIdParamsSchema,
  architectSuggestQuerySchema,
  architectSuggestionsSchema,
} from '../architects.ts';
import { defineEndpoint, type EndpointDocs } from './define.ts';

export const architectEndpoints = {
  suggest: defineEndpoint('GET', '/architects', {
    auth: 'none',
    query: architectSuggestQuerySchema,
    responses: { 200: architectSuggestionsSchema },
  }),

  get: defineEndpoint('GET', '/architects/:id', {
    auth: 'none',
    params: architectIdParamsSchema,
    responses: { 200: architectDetailSchema },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const architectDocs: EndpointDocs<typeof architectEndpoints> = {
  suggest: {
    summary: 'Architects whose name matches q (suggestions for the building form)',
  },
  get: {
    summary: 'An architect with the buildings they designed',
  },
};
