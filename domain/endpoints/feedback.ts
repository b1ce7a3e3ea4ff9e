/** POST /api/feedback (product §2 "Feedback modal"): signed in or not, rate limited per IP. */
import { feedbackBodySchema, feedbackCreatedSchema } from '../feedback.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

export const feedbackEndpoints = {
  send: defineEndpoint('POST', '/feedback', {
    auth: 'optional',
    body: feedbackBodySchema,
    responses: { 201: feedbackCreatedSchema, ...problems(403, 429) },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const feedbackDocs: EndpointDocs<typeof feedbackEndpoints> = {
  send: {
    summary: 'Send feedback; the session cookie is optional (the sender is kept when signed in)',
    description:
      'title and description are required (trimmed); type defaults to general; an empty email is ' +
      'none; page_url and browser_info are cut to their maximum length.',
  },
};
