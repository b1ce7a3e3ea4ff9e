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
import { problems, read, record, write, type EndpointDocs } from './define.ts';

const OWNER_ONLY =
  "Owner only: another user's private list is a 404 (as if it did not exist), a public one a 403.";

/** The owner's writes: besides the standard problems, 403 for another user's public list. */
const ownerOnly = problems(403);

const list = record('/lists/:id', listIdParamsSchema);

export const listEndpoints = {
  get: read(list, '', { responses: { 200: listSchema } }),
  create: write('POST', '/lists/', { body: createListBodySchema, responses: { 201: listSchema } }),
  setPublic: write('PUT', list, '', {
    body: updateListBodySchema,
    responses: { 200: listSchema, ...ownerOnly },
  }),
  remove: write('DELETE', list, '', { responses: { 204: z.null().describe('Deleted'), ...ownerOnly } }),
  addBuilding: write('POST', '/lists/:list_id/buildings', {
    params: z.object({ list_id: listBuildingParamsSchema.shape.list_id }),
    body: addListBuildingBodySchema,
    responses: { 200: listSchema, ...ownerOnly },
  }),
  removeBuilding: write('DELETE', '/lists/:list_id/buildings/:building_id', {
    params: listBuildingParamsSchema,
    responses: { 200: listSchema, ...ownerOnly },
  }),
  route: read(list, '/route', { query: listRouteQuerySchema, responses: { 200: listRouteSchema } }),
  ofUser: read('/users/:handle/lists', { params: handleParamsSchema, responses: { 200: userListsSchema } }),
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
