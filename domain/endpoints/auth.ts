/** /api/auth (product §7): sign-in choices, sign-in, who is signed in, sign-out. */
import { z } from 'zod';
import {
  authProvidersSchema,
  checkLoginResponseSchema,
  devLoginBodySchema,
  googleLoginBodySchema,
  loginResponseSchema,
} from '../auth.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

export const authEndpoints = {
  providers: defineEndpoint('GET', '/auth/providers', {
    auth: 'none',
    responses: { 200: authProvidersSchema },
  }),

  google: defineEndpoint('POST', '/auth/google', {
    auth: 'optional',
    body: googleLoginBodySchema,
    // Documented without the 400 of a body that fails validation.
    standardProblems: false,
    responses: { 200: loginResponseSchema, ...problems(401, 404, 429) },
  }),

  dev: defineEndpoint('POST', '/auth/dev', {
    auth: 'optional',
    body: devLoginBodySchema,
    responses: { 200: loginResponseSchema, ...problems(403, 429) },
  }),

  checkLogin: defineEndpoint('GET', '/auth/check-login', {
    auth: 'optional',
    responses: { 200: checkLoginResponseSchema },
  }),

  logout: defineEndpoint('POST', '/auth/logout', { auth: 'optional', responses: { 204: z.null() } }),

  logoutAll: defineEndpoint('POST', '/auth/logout-all', { auth: 'required', responses: { 204: z.null() } }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const authDocs: EndpointDocs<typeof authEndpoints> = {
  providers: {
    summary: 'Sign-in choices the browser offers',
  },
  google: {
    summary: 'Sign in with a Google ID token; sets the session cookie',
  },
  dev: {
    summary:
      'Local demo sign-in (on a loopback server without Google, or AUTH_DEV_LOGIN=true): ' +
      'creates or reuses the user with this handle',
    description:
      'Never signs in as an account that signs in with Google, nor as the system account ' +
      'that owns the seeded catalogue, nor creates an account under a handle another user changed ' +
      'away from in the last 30 days (reserved for them): these answer 403.',
  },
  checkLogin: {
    summary: 'Whether the request is signed in',
  },
  logout: {
    summary: 'Ends the session on the server and clears the cookie',
  },
  logoutAll: {
    summary: 'Signs the user out everywhere: ends every session of the user, this one included',
  },
};
