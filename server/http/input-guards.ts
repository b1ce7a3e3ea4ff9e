/**
 * Guards every request gets before its route's schema: PostgreSQL text cannot hold NUL (U+0000),
 * so a NUL anywhere in the URL or in a JSON string is refused with a 400 here, instead of
 * failing as a 500 in the database (found by server/security/fuzz.test.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, sendProblem } from './errors.ts';

const NUL_DETAIL = 'The request contains a NUL character, which no field accepts.';

/** Whether a parsed JSON value holds a NUL in any string or key (bounded by the body limit). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes('\0') || containsNul(v));
  }
  return false;
}

export function registerInputGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes('\0')) throw badRequest(NUL_DETAIL);
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw badRequest(NUL_DETAIL);
  });
}

/**
 * Fastify's router answers some requests before any hook or error handler runs: a path that is
 * not valid percent-encoding (400) and a path parameter over maxParamLength (414). They get
 * problem JSON like every other refusal.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the path is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The path is not valid percent-encoding.'
        : error.message;
  void sendProblem(reply, status, detail);
}
