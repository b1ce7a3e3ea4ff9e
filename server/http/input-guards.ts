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
 * Iterative (an explicit stack), so its depth is not bounded by the call stack.
 */
export function nulPath(value: unknown, path = 'body'): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return at;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${at}.${i}`]);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      const entries = Object.entries(item as Record<string, unknown>);
      for (const [k] of entries) if (k.includes('\0')) return at;
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        stack.push([v, `${at}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * How deeply arrays and objects nest in a JSON text, counted without parsing it and without
 * recursion; stops counting as soon as `max` is passed (returns max + 1).
 */
export function jsonDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return deepest;
}

/**
 * Fastify's own JSON parser (with its __proto__ and constructor checks) behind a depth check: a
 * body nested deeper than JSON_MAX_DEPTH is a 400 before it is parsed, so no later step (the NUL
 * scan, schema validation, the routes) ever walks a deep value.
 */
export function jsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  const max = app.config.jsonMaxDepth;
  return (
    request: FastifyRequest,
    body: string | Buffer,
    done: (err: Error | null, body?: unknown) => void,
  ) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text, max) > max) {
      done(badRequest(`The JSON body nests arrays and objects more than ${max} levels deep.`));
      return;
    }
    void parse(request, text, done);
  };
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
