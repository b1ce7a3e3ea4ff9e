import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersSchema,
  checkLoginResponseSchema,
  devLoginBodySchema,
  googleLoginBodySchema,
  loginResponseSchema,
} from '#domain/auth';
import { problemSchema } from '#domain/problem';
import { forbidden, HttpProblem, notFound } from '../../http/errors.ts';
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

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in choices the browser offers',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ google_client_id: config.googleClientId ?? null, dev_login: config.devLogin }),
  );

  app.post(
    '/auth/google',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token; sets the session cookie',
        body: googleLoginBodySchema,
        response: { 200: loginResponseSchema, 401: problemSchema, 404: problemSchema, 429: problemSchema },
      },
    },
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
      const user = await upsertGoogleUser(app.db, identity);
      const session = await createSession(app.db, user.id, new Date(), config.sessionMaxAgeMs);
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return { user };
    },
  );

  if (config.devLogin) {
    app.post(
      '/auth/dev',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary:
            'Local demo sign-in (on a loopback server without Google, or AUTH_DEV_LOGIN=true): ' +
            'creates or reuses the user with this handle',
          description:
            'Never signs in as an account that signs in with Google, nor as the system account ' +
            'that owns the seeded catalogue: both answer 403.',
          body: devLoginBodySchema,
          response: { 200: loginResponseSchema, 400: problemSchema, 403: problemSchema, 429: problemSchema },
        },
      },
      async (request, reply) => {
        const found = await upsertDevUser(app.db, request.body.handle);
        if (!found.ok) {
          request.log.warn({ handle: request.body.handle, reason: found.reason }, 'demo sign-in refused');
          throw forbidden(
            found.reason === 'google'
              ? 'This account signs in with Google; the demo sign-in cannot be used for it.'
              : 'This is the catalogue account; no one can sign in as it.',
          );
        }
        const { user } = found;
        const session = await createSession(app.db, user.id, new Date(), config.sessionMaxAgeMs);
        setSessionCookie(app, reply, session.token, session.expiresAt);
        return { user };
      },
    );
  }

  app.get(
    '/auth/check-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the request is signed in',
        response: { 200: checkLoginResponseSchema },
      },
    },
    async (request) => ({ logged_in: request.user !== null, user: request.user }),
  );

  app.post(
    '/auth/logout',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Ends the session on the server and clears the cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = request.cookies[config.sessionCookie];
      if (token) await deleteSession(app.db, token);
      clearSessionCookie(app, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signs the user out everywhere: ends every session of the user, this one included',
        response: { 204: z.null(), 401: problemSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const ended = await deleteUserSessions(app.db, user.id);
      request.log.info({ userId: user.id, sessions: ended }, 'signed out everywhere');
      clearSessionCookie(app, reply);
      return reply.code(204).send(null);
    },
  );
};
