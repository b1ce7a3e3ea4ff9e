/**
 * Who is asking: resolves the session cookie to `request.user` on every API request, refuses
 * mutating requests from other sites (CSRF), answers 401 before validation on the endpoints that
 * need a session, and offers `requireUser` to every module.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { apiPath } from '#domain/endpoints/define';
import { authEndpoints } from '#domain/endpoints/auth';
import { suspendedMessage } from '#domain/moderation';
import { hasRole } from '#domain/roles';
import type { CurrentUser } from '#domain/users';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { startSessionPurge, userForSession } from './sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    /** Set when the signed-in user is suspended (domain/moderation.ts): reads work, writes answer 403. */
    suspension: { until: Date | null } | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes a suspended user may still make: ending their own session. */
const ALLOWED_WHILE_SUSPENDED = new Set([authEndpoints.logout, authEndpoints.logoutAll].map(apiPath));

/** The signed-in user, or a 401 problem when signed out. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date) {
  // `__Host-atlas_session` over https (config.sessionCookie): Secure, Path=/ and no Domain.
  reply.setCookie(app.config.sessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(app.config.sessionCookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
  });
}

/** True when a browser says the request comes from a page of another site. */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  const own = new Set([publicOrigin]);
  const host = request.headers.host;
  if (host) {
    own.add(`http://${host}`);
    own.add(`https://${host}`);
  }
  return !own.has(origin);
}

async function authPlugin(app: FastifyInstance) {
  await app.register(cookie);
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.decorateRequest('user', null);
  app.decorateRequest('suspension', null);

  app.addHook('onRequest', async (request, reply) => {
    if (MUTATING.has(request.method) && isCrossSite(request, publicOrigin)) {
      throw forbidden('Requests from other sites are not allowed.');
    }
    const token = request.cookies[app.config.sessionCookie];
    if (!token) return;
    const found = await userForSession(app.db, token, new Date(), app.config.sessionMaxAgeMs);
    if (!found) {
      clearSessionCookie(app, reply);
      return;
    }
    request.user = found.user;
    request.suspension = found.suspension;
    // The cookie follows the sliding expiry.
    if (found.extended) {
      setSessionCookie(app, reply, token, found.expiresAt);
    }
  });

  // The one auth rule: an endpoint described with `auth: 'required'`
  // (domain/endpoints) answers 401 to a signed-out request before its params, query or body are
  // validated, so a bad request gets the same answer from every module.
  // The same hook refuses the endpoints that need a role (`role` in the description) to anyone
  // without it, and every write of a suspended user.
  app.addHook('preValidation', async (request) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint?.auth === 'required') requireUser(request);
    if (endpoint?.role) {
      const user = requireUser(request);
      if (!hasRole(user.role, endpoint.role)) {
        throw forbidden(
          endpoint.role === 'admin' ? 'Only an admin can do this.' : 'Only moderators can do this.',
        );
      }
    }
    if (
      request.suspension &&
      MUTATING.has(request.method) &&
      !ALLOWED_WHILE_SUSPENDED.has(request.routeOptions.url ?? '')
    ) {
      throw forbidden(suspendedMessage(request.suspension.until));
    }
  });

  // Expired sessions (sliding or absolute) are deleted hourly by every API process.
  const stopPurge = startSessionPurge(app.db, { maxAgeMs: app.config.sessionMaxAgeMs, log: app.log });
  app.addHook('onClose', async () => stopPurge());
}

export default fp(authPlugin, { name: 'auth' });
