/** /api/users (product §7): profiles, face pictures, handles, account deletion. */
import {
  changeHandleBodySchema,
  changeHandleResponseSchema,
  deleteAccountQuerySchema,
  handleParamsSchema,
  userSchema,
} from '../users.ts';
import { z } from 'zod';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

export const userEndpoints = {
  get: defineEndpoint('GET', '/users/:handle', {
    auth: 'optional',
    params: handleParamsSchema,
    // Documented without the 400 of params that fail validation.
    standardProblems: false,
    responses: {
      200: userSchema,
      301: z
        .null()
        .describe(
          'A handle its owner changed in the last 30 days: Location is the profile under the current handle',
        ),
      ...problems(404),
    },
  }),

  /** Not JSON: a redirect or an SVG, used as an <img> source (apiUrl). */
  faceplate: defineEndpoint('GET', '/users/:handle/faceplate', {
    auth: 'none',
    params: handleParamsSchema,
    standardProblems: false,
    responses: {},
  }),

  changeHandle: defineEndpoint('PATCH', '/users/:handle/handle', {
    auth: 'required',
    params: handleParamsSchema,
    body: changeHandleBodySchema,
    // 409: taken, or another user's old handle still reserved for them (30 days after their change).
    responses: { 200: changeHandleResponseSchema, ...problems(403, 409) },
  }),

  // The account itself or an admin; the system account never. Signs the account out everywhere.
  remove: defineEndpoint('DELETE', '/users/:handle', {
    auth: 'required',
    params: handleParamsSchema,
    query: deleteAccountQuerySchema,
    responses: { 204: z.null(), ...problems(403, 404) },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const userDocs: EndpointDocs<typeof userEndpoints> = {
  get: {
    summary:
      'Public profile; the email only to its owner. An old handle (changed in the last 30 days) answers 301 to the current one',
  },
  faceplate: {
    summary: 'The face picture: a redirect to it, or a generated SVG avatar when there is none',
  },
  changeHandle: {
    summary: 'Change your handle',
  },
  remove: {
    summary:
      'Delete an account (your own, or any as an admin): sessions, votes, lists, images and their files go, ' +
      "comments with replies stay as 'This comment has been deleted', buildings stay credited to the system " +
      'account (remove_buildings=true removes those nobody else contributed to); the handle stays reserved for 30 days',
  },
};
