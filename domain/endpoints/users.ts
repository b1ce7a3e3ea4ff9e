/** /api/users (product §7): profiles, face pictures, handles. */
import { problemSchema } from '../problem.ts';
import {
  changeHandleBodySchema,
  changeHandleResponseSchema,
  handleParamsSchema,
  userSchema,
} from '../users.ts';
import { defineEndpoint, type EndpointDocs } from './define.ts';

export const userEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/users/:handle',
    auth: 'optional',
    params: handleParamsSchema,
    responses: { 200: userSchema, 404: problemSchema },
  }),

  /** Not JSON: a redirect or an SVG, used as an <img> source (apiUrl). */
  faceplate: defineEndpoint({
    method: 'GET',
    path: '/users/:handle/faceplate',
    auth: 'none',
    params: handleParamsSchema,
    responses: {},
  }),

  changeHandle: defineEndpoint({
    method: 'PATCH',
    path: '/users/:handle/handle',
    auth: 'required',
    params: handleParamsSchema,
    body: changeHandleBodySchema,
    responses: {
      200: changeHandleResponseSchema,
      400: problemSchema,
      401: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
    },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const userDocs: EndpointDocs<typeof userEndpoints> = {
  get: {
    summary: 'Public profile; the email only to its owner',
  },
  faceplate: {
    summary: 'The face picture: a redirect to it, or a generated SVG avatar when there is none',
  },
  changeHandle: {
    summary: 'Change your handle',
  },
};
