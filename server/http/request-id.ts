/** Request ids: one per request, in every log line (reqId) and in the X-Request-Id response header. */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a well-formed X-Request-Id from a load balancer (so its logs and ours match); else a new UUID. */
export function genRequestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && SAFE_ID.test(given)) return given;
  return crypto.randomUUID();
}
