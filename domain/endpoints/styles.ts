/** /api/architectural_styles/. */
import { architecturalStyleListSchema } from '../styles.ts';
import { defineEndpoint, type EndpointDocs } from './define.ts';

export const styleEndpoints = {
  list: defineEndpoint('GET', '/architectural_styles/', {
    auth: 'none',
    responses: { 200: architecturalStyleListSchema },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const styleDocs: EndpointDocs<typeof styleEndpoints> = {
  list: {
    summary: 'All architectural styles, by name',
  },
};
