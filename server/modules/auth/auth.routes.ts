import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '#domain/endpoints/auth';
import { route } from '../../http/route.ts';
import { suspendedMessage } from '#domain/moderation';
import { forbidden, HttpProblem, notFound } from '../../http/errors.ts';
import { HANDLE_RESERVED_DAYS } from '#domain/users';
import { upsertDevUser, upsertGoogleUser } from '../users/users.service.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from './auth.plugin.ts';
import { createGoogleVerifier, InvalidGoogleToken } from './google-token.ts';
import { createSession, deleteSession, deleteUserSessions } from './sessions.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const verifyGoogle = config.googleClientId
    ? createGoogleVerifier({
        clientId: config.googleClientId,
        jwksUrl: config.googleJwksUrl,
        issuers: config.googleIssuers,
      })
    : null;
  const rateLimit = { max: config.authRateLimit, timeWindow: 60_000 };

  // Made from configuration alone: not counted as a read.
  route(
    app,
    authEndpoints.providers,
    async () => ({
      google_client_id: config.googleClientId ?? null,
      dev_login: config.devLogin,
    }),
    { reads: 'free' },
  );

  route(
    app,
    authEndpoints.google,
    async (request, reply) => {
      if (!verifyGoogle) throw notFound('Google sign-in is not configured on this server.');
      let identity;
      try {
        identity = await verifyGoogle(request.body.token);
      } catch (err) {
        if (err instanceof InvalidGoogleToken) {
          request.log.info({ reason: err.message }, 'google token refused');
          throw new HttpProblem(401, 'The Google sign-in could not be verified. Please try again.');
        }
        throw err;
      }
      const found = await upsertGoogleUser(app.db, identity, config.adminEmails);
      if (!found.ok) throw forbidden(suspendedMessage(found.until));
      const { user } = found;
      const session = await createSession(app.db, user.id, new Date(), config.sessionMaxAgeMs);
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return { user };
    },
    { rateLimit },
  );

  if (config.devLogin) {
    route(
      app,
      authEndpoints.dev,
      async (request, reply) => {
        const found = await upsertDevUser(app.db, request.body.handle);
        if (!found.ok) {
          request.log.warn({ handle: request.body.handle, reason: found.reason }, 'demo sign-in refused');
          throw forbidden(
            found.reason === 'suspended'
              ? suspendedMessage(found.until)
              : found.reason === 'google'
                ? 'This account signs in with Google; the demo sign-in cannot be used for it.'
                : found.reason === 'reserved'
                  ? `This handle was changed recently and stays reserved for its previous owner for ${HANDLE_RESERVED_DAYS} days.`
                  : 'This is the catalogue account; no one can sign in as it.',
          );
        }
        const { user } = found;
        const session = await createSession(app.db, user.id, new Date(), config.sessionMaxAgeMs);
        setSessionCookie(app, reply, session.token, session.expiresAt);
        return { user };
      },
      { rateLimit },
    );
  }

  route(app, authEndpoints.checkLogin, async (request) => ({
    logged_in: request.user !== null,
    user: request.user,
  }));

  route(
    app,
    authEndpoints.logout,
    async (request, reply) => {
      const token = request.cookies[config.sessionCookie];
      if (token) await deleteSession(app.db, token);
      clearSessionCookie(app, reply);
      return reply.code(204).send(null);
    },
    { rateLimit },
  );

  route(app, authEndpoints.logoutAll, async (request, reply) => {
    const user = requireUser(request);
    const ended = await deleteUserSessions(app.db, user.id);
    request.log.info({ userId: user.id, sessions: ended }, 'signed out everywhere');
    clearSessionCookie(app, reply);
    return reply.code(204).send(null);
  });
};
