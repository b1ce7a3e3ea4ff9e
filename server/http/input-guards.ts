/**
 * Guards every request gets before its route's schema: PostgreSQL text cannot hold NUL (U+0000),
 * so a NUL anywhere in the URL or in a JSON string is refused with a 400 here, instead of
 * failing as a 500 in the database (found by server/security/fuzz.test.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, sendProblem } from './errors.ts';

const NUL_DETAIL = 'The request contains a NUL character, which no field accepts.';

/**
 * Where a parsed JSON value holds a NUL in a string or key: the field path as the 400's per-field
 * errors name it ('body.content', 'body.metadata.0.description'), or null when there is none.
 */
export function nulPath(value: unknown, path = 'body'): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\0')) return path;
      const found = nulPath(v, `${path}.${k}`);
      if (found) return found;
    }
  }
  return null;
}

export function registerInputGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes('\0')) throw badRequest(NUL_DETAIL);
  });
  app.addHook('preValidation', async (request) => {
    const path = nulPath(request.body);
    if (path) {
      throw badRequest(NUL_DETAIL, { errors: [{ path, message: 'must not contain a NUL character' }] });
    }
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
