/** The smaller modules' endpoints: feedback, search, styles, architects, health. */
import {
  architectDetailSchema,
  architectIdParamsSchema,
  architectSuggestQuerySchema,
  architectSuggestionsSchema,
} from '../architects.ts';
import { feedbackBodySchema, feedbackCreatedSchema } from '../feedback.ts';
import { healthSchema } from '../health.ts';
import { problemSchema } from '../problem.ts';
import { searchQuerySchema, searchResultSchema } from '../search.ts';
import { architecturalStyleListSchema } from '../styles.ts';
import { defineEndpoint } from './define.ts';

/** POST /api/feedback (product §2 "Feedback modal"): signed in or not, rate limited per IP. */
export const feedbackEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/feedback',
    auth: 'optional',
    body: feedbackBodySchema,
    responses: { 201: feedbackCreatedSchema, 400: problemSchema, 403: problemSchema, 429: problemSchema },
    tags: ['feedback'],
    summary: 'Send feedback; the session cookie is optional (the sender is kept when signed in)',
    description:
      'title and description are required (trimmed); type defaults to general; an empty email is ' +
      'none; page_url and browser_info are cut to their maximum length.',
  }),
};

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/search',
    auth: 'none',
    query: searchQuerySchema,
    responses: { 200: searchResultSchema, 400: problemSchema },
    tags: ['search'],
    summary: 'Buildings, architects, styles and places matching a text, best first',
  }),
};

export const styleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/architectural_styles/',
    auth: 'none',
    responses: { 200: architecturalStyleListSchema },
    tags: ['styles'],
    summary: 'All architectural styles, by name',
  }),
};

export const architectEndpoints = {
  suggest: defineEndpoint({
    method: 'GET',
    path: '/architects',
    auth: 'none',
    query: architectSuggestQuerySchema,
    responses: { 200: architectSuggestionsSchema, 400: problemSchema },
    tags: ['architects'],
    summary: 'Architects whose name matches q (suggestions for the building form)',
  }),

  get: defineEndpoint({
    method: 'GET',
    path: '/architects/:id',
    auth: 'none',
    params: architectIdParamsSchema,
    responses: { 200: architectDetailSchema, 400: problemSchema, 404: problemSchema },
    tags: ['architects'],
    summary: 'An architect with the buildings they designed',
  }),
};

const ready = {
  method: 'GET',
  auth: 'none',
  responses: { 200: healthSchema, 503: problemSchema },
  tags: ['health'],
  summary: 'Ready once migrations ran and the database answers',
} as const;

/**
 * Health checks for load balancers and orchestrators: `live` answers while the process answers
 * HTTP (restart it when this fails); `ready` (and `health`, the same) once migrations ran and the
 * database answers (take the process out of the load balancer while this answers 503).
 */
export const healthEndpoints = {
  health: defineEndpoint({ ...ready, path: '/health' }),
  ready: defineEndpoint({ ...ready, path: '/health/ready' }),
  live: defineEndpoint({
    method: 'GET',
    path: '/health/live',
    auth: 'none',
    responses: { 200: healthSchema },
    tags: ['health'],
    summary: 'Live while the process answers HTTP (does not touch the database)',
  }),
};
