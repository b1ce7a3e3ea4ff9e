/** /api/health: liveness and readiness for load balancers. */
import { healthSchema } from '../health.ts';
import { problemSchema } from '../problem.ts';
import { defineEndpoint, type EndpointDocs } from './define.ts';

const ready = {
  method: 'GET',
  auth: 'none',
  responses: { 200: healthSchema, 503: problemSchema },
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
  }),
};

const readyDoc = { summary: 'Ready once migrations ran and the database answers' };

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const healthDocs: EndpointDocs<typeof healthEndpoints> = {
  health: readyDoc,
  ready: readyDoc,
  live: { summary: 'Live while the process answers HTTP (does not touch the database)' },
};
