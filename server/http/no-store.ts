/**
 * `Cache-Control: no-store` on every answer that depends on who asks, so no browser, proxy or CDN
 * keeps (or hands another person) a signed-in user's data: one onSend hook instead of a header in
 * each route, so new routes are covered too. An answer depends on who asks when
 * - the request carries a session (a cookie header with the session cookie, or a resolved user),
 * - the answer sets a cookie (sign-in, sign-out), or
 * - it is under /api/auth/ (check-login says who is signed in, or that no one is).
 * A route that says its answer is the same for everyone with `Cache-Control: public` (the avatar
 * picture) keeps it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '#domain/auth';
import { API_PREFIX } from '#domain/endpoints/define';

function carriesSession(request: FastifyRequest): boolean {
  if ((request as { user?: unknown }).user) return true;
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && cookie.includes(SESSION_COOKIE);
}

export function dependsOnUser(request: FastifyRequest, reply: FastifyReply): boolean {
  if (carriesSession(request) || reply.hasHeader('set-cookie')) return true;
  const path = request.routeOptions.url ?? request.url;
  return path.startsWith(`${API_PREFIX}/auth/`);
}

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!dependsOnUser(request, reply)) return payload;
    const given = reply.getHeader('cache-control');
    if (typeof given === 'string' && /(^|,)\s*public\b/i.test(given)) return payload;
    reply.header('cache-control', 'no-store');
    return payload;
  });
}
