/** /api/lists (product §7): a user's lists of buildings. */
import { z } from 'zod';
import {
  addListBuildingBodySchema,
  createListBodySchema,
  listBuildingParamsSchema,
  listIdParamsSchema,
  listRouteQuerySchema,
  listRouteSchema,
  listSchema,
  updateListBodySchema,
  userListsSchema,
} from '../lists.ts';
import { handleParamsSchema } from '../users.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

const OWNER_ONLY =
  "Owner only: another user's private list is a 404 (as if it did not exist), a public one a 403.";

/** The owner's writes: besides the standard problems, 403 for another user's public list. */
const ownerOnly = problems(403);

export const listEndpoints = {
  get: defineEndpoint('GET', '/lists/:id', {
    auth: 'optional',
    params: listIdParamsSchema,
    responses: { 200: listSchema },
  }),

  create: defineEndpoint('POST', '/lists/', {
    auth: 'required',
    body: createListBodySchema,
    responses: { 201: listSchema },
  }),

  setPublic: defineEndpoint('PUT', '/lists/:id', {
    auth: 'required',
    params: listIdParamsSchema,
    body: updateListBodySchema,
    responses: { 200: listSchema, ...ownerOnly },
  }),

  remove: defineEndpoint('DELETE', '/lists/:id', {
    auth: 'required',
    params: listIdParamsSchema,
    responses: { 204: z.null().describe('Deleted'), ...ownerOnly },
  }),

  addBuilding: defineEndpoint('POST', '/lists/:list_id/buildings', {
    auth: 'required',
    params: z.object({ list_id: listBuildingParamsSchema.shape.list_id }),
    body: addListBuildingBodySchema,
    responses: { 200: listSchema, ...ownerOnly },
  }),

  removeBuilding: defineEndpoint('DELETE', '/lists/:list_id/buildings/:building_id', {
    auth: 'required',
    params: listBuildingParamsSchema,
    responses: { 200: listSchema, ...ownerOnly },
  }),

  route: defineEndpoint('GET', '/lists/:id/route', {
    auth: 'optional',
    params: listIdParamsSchema,
    query: listRouteQuerySchema,
    responses: { 200: listRouteSchema },
  }),

  ofUser: defineEndpoint('GET', '/users/:handle/lists', {
    auth: 'optional',
    params: handleParamsSchema,
    responses: { 200: userListsSchema },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const listDocs: EndpointDocs<typeof listEndpoints> = {
  get: {
    summary: 'One list with its buildings (oldest added first)',
    description: 'A private list is visible to its owner only: 404 for anyone else.',
  },
  create: {
    summary: 'Create a list',
    description: 'name: trimmed, 1 to 100 characters. is_public defaults to false.',
  },
  setPublic: {
    summary: 'Make a list public or private',
    description: OWNER_ONLY,
  },
  remove: {
    summary: 'Delete a list (its buildings stay)',
    description: OWNER_ONLY,
  },
  addBuilding: {
    summary: 'Add a building to a list',
    description: `Idempotent: a building already in the list stays once. 404 for an unknown building. ${OWNER_ONLY}`,
  },
  removeBuilding: {
    summary: 'Remove a building from a list',
    description: `404 when the building is not in the list. ${OWNER_ONLY}`,
  },
  route: {
    summary: 'A list as a walking tour: its buildings in walking order, with distances',
    description:
      'From start (a building of the list; its first added otherwise) on to the nearest building not yet ' +
      'visited, then improved by 2-opt, over straight-line (great-circle) distance. 400 when start is not ' +
      "in the list. The same visibility as reading the list: another user's private list is a 404. " +
      'GET /api/lists/{id}/export?format=gpx gives the same walk as GPX.',
  },
  ofUser: {
    summary: "A user's lists, newest first",
    description: 'Every list for the owner; only the public ones for anyone else. 404 unknown handle.',
  },
};
