/** Request ids: one per request, in every log line (reqId) and in the X-Request-Id response header. */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of each request: behind a trusted proxy (TRUST_PROXY set), a well-formed X-Request-Id
 * from it is kept, so its logs and ours match; otherwise (and for a malformed one) a new UUID. A
 * client talking to the app directly cannot choose its id: it could otherwise reuse another
 * request's id and blur the logs.
 */
export function requestIdGenerator(behindTrustedProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = behindTrustedProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
    if (typeof given === 'string' && SAFE_ID.test(given)) return given;
    return crypto.randomUUID();
  };
}
