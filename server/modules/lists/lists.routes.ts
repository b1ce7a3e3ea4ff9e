import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addListBuildingBodySchema,
  createListBodySchema,
  listBuildingParamsSchema,
  listIdParamsSchema,
  listSchema,
  updateListBodySchema,
  userListsSchema,
} from '#domain/lists';
import { problemSchema } from '#domain/problem';
import { handleParamsSchema } from '#domain/users';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  addBuildingToList,
  createList,
  deleteList,
  getList,
  listsOfUser,
  removeBuildingFromList,
  setListPublic,
} from './lists.service.ts';

/** Signed-out requests get their 401 before the body is validated. */
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

const OWNER_ONLY =
  "Owner only: another user's private list is a 404 (as if it did not exist), a public one a 403.";

const writeErrors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lists/:id',
    {
      schema: {
        tags: ['lists'],
        summary: 'One list with its buildings (oldest added first)',
        description: 'A private list is visible to its owner only: 404 for anyone else.',
        params: listIdParamsSchema,
        response: { 200: listSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => getList(app.db, request.params.id, request.user?.id ?? null),
  );

  app.post(
    '/lists/',
    {
      preValidation: signedIn,
      schema: {
        tags: ['lists'],
        summary: 'Create a list',
        description: 'name: trimmed, 1 to 100 characters. is_public defaults to false.',
        body: createListBodySchema,
        response: { 201: listSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      const list = await createList(app.db, requireUser(request), request.body);
      return reply.code(201).send(list);
    },
  );

  app.put(
    '/lists/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['lists'],
        summary: 'Make a list public or private',
        description: OWNER_ONLY,
        params: listIdParamsSchema,
        body: updateListBodySchema,
        response: { 200: listSchema, ...writeErrors },
      },
    },
    async (request) => setListPublic(app.db, request.params.id, requireUser(request), request.body.is_public),
  );

  app.delete(
    '/lists/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['lists'],
        summary: 'Delete a list (its buildings stay)',
        description: OWNER_ONLY,
        params: listIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteList(app.db, request.params.id, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/lists/:list_id/buildings',
    {
      preValidation: signedIn,
      schema: {
        tags: ['lists'],
        summary: 'Add a building to a list',
        description: `Idempotent: a building already in the list stays once. 404 for an unknown building. ${OWNER_ONLY}`,
        params: z.object({ list_id: listBuildingParamsSchema.shape.list_id }),
        body: addListBuildingBodySchema,
        response: { 200: listSchema, ...writeErrors },
      },
    },
    async (request) =>
      addBuildingToList(app.db, request.params.list_id, request.body.buildingId, requireUser(request)),
  );

  app.delete(
    '/lists/:list_id/buildings/:building_id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['lists'],
        summary: 'Remove a building from a list',
        description: `404 when the building is not in the list. ${OWNER_ONLY}`,
        params: listBuildingParamsSchema,
        response: { 200: listSchema, ...writeErrors },
      },
    },
    async (request) =>
      removeBuildingFromList(
        app.db,
        request.params.list_id,
        request.params.building_id,
        requireUser(request),
      ),
  );

  app.get(
    '/users/:handle/lists',
    {
      schema: {
        tags: ['lists'],
        summary: "A user's lists, newest first",
        description: 'Every list for the owner; only the public ones for anyone else. 404 unknown handle.',
        params: handleParamsSchema,
        response: { 200: userListsSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => ({
      items: await listsOfUser(app.db, request.params.handle, request.user?.id ?? null),
    }),
  );
};
