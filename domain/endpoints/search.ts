/** /api/search: buildings, architects, styles and places by text. */
import { searchQuerySchema, searchResultSchema } from '../search.ts';
import { defineEndpoint, type EndpointDocs } from './define.ts';

export const searchEndpoints = {
  search: defineEndpoint('GET', '/search', {
    auth: 'none',
    query: searchQuerySchema,
    responses: { 200: searchResultSchema },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const searchDocs: EndpointDocs<typeof searchEndpoints> = {
  search: {
    summary: 'Buildings, architects, styles and places matching a text, best first',
  },
};
