/** /api/health: liveness and readiness for load balancers. */
import { healthSchema } from '../health.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

const ready = { auth: 'none', responses: { 200: healthSchema, ...problems(503) } } as const;

/**
 * Health checks for load balancers and orchestrators: `live` answers while the process answers
 * HTTP (restart it when this fails); `ready` (and `health`, the same) once migrations ran and the
 * database answers (take the process out of the load balancer while this answers 503).
 */
export const healthEndpoints = {
  health: defineEndpoint('GET', '/health', ready),
  ready: defineEndpoint('GET', '/health/ready', ready),
  live: defineEndpoint('GET', '/health/live', { auth: 'none', responses: { 200: healthSchema } }),
};

const readyDoc = { summary: 'Ready once migrations ran and the database answers' };

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const healthDocs: EndpointDocs<typeof healthEndpoints> = {
  health: readyDoc,
  ready: readyDoc,
  live: { summary: 'Live while the process answers HTTP (does not touch the database)' },
};
