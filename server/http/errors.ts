/** Error factories and the one error handler: every failure leaves as RFC 9457 problem JSON. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Problem } from '#domain/problem';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isStatementCancelled } from '../db/unavailable.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) =>
  new HttpProblem(400, detail, extra);
export const unauthorized = (detail = 'You need to be logged in to perform this action.') =>
  new HttpProblem(401, detail);
export const forbidden = (detail = 'You are not allowed to do this.') => new HttpProblem(403, detail);
export const notFound = (detail = 'Not found.') => new HttpProblem(404, detail);
export const conflict = (detail: string, extra?: Record<string, unknown>) =>
  new HttpProblem(409, detail, extra);

export function problemBody(status: number, detail: string, extra: Record<string, unknown> = {}): Problem {
  const title = TITLES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
  return { type: 'about:blank', title, status, detail, ...extra };
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  extra?: Record<string, unknown>,
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problemBody(status, detail, extra));
}

interface FieldError {
  path: string;
  message: string;
}

function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const where = error.validationContext ?? 'request';
  return error.validation.map((v) => {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { path: field ? `${where}.${field}` : where, message: v.message ?? 'is invalid' };
  });
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpProblem) {
    return sendProblem(reply, error.status, error.detail, error.extra);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error);
    // `detail` is shown to users: our own messages stand alone; zod's generic ones
    // ("Invalid input: …", "Too big: …") do not name their field, so it is put in front.
    const detail =
      [
        ...new Set(
          errors.map((e) => {
            const field = e.path.split('.').pop() ?? '';
            return /^(Invalid|Too (big|small)|Unrecognized)/.test(e.message)
              ? `${field}: ${e.message}`
              : e.message;
          }),
        ),
      ].join('; ') || 'The request is invalid.';
    return sendProblem(reply, 400, detail, { errors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return sendProblem(reply, 500, 'Something went wrong on our side.');
  }
  if (isDiskFull(error)) {
    request.log.error({ err: error }, 'disk full');
    return sendProblem(reply, 507, 'There is no room to store this at the moment. Please try again later.');
  }
  if (isDatabaseUnavailable(error)) {
    // Down or restarting: a fast 503 the client (or load balancer) may retry, not a 500.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(reply, 503, 'The database is unavailable at the moment. Please try again shortly.');
  }
  if (isStatementCancelled(error)) {
    // Longer than DB_STATEMENT_TIMEOUT_MS: the server is too busy for this request now (no SQL shown).
    request.log.warn({ err: error }, 'database statement cancelled (statement timeout)');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(reply, 503, 'This request took too long to answer. Please try again shortly.');
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, status, 'Something went wrong on our side.');
  }
  // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their message.
  return sendProblem(reply, status, error.message);
}

/** A write that failed because the disk (or the user's quota) is full. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
