/** GET /api/privacy: the operator's settings the privacy page quotes. */
import { privacyInfoSchema } from '../privacy.ts';
import { defineEndpoint, type EndpointDocs } from './define.ts';

export const privacyEndpoints = {
  info: defineEndpoint('GET', '/privacy', {
    auth: 'none',
    responses: { 200: privacyInfoSchema },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const privacyDocs: EndpointDocs<typeof privacyEndpoints> = {
  info: {
    summary: "The privacy page's settings: the operator's contact and how long a session lasts",
  },
};
