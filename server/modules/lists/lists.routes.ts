import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEndpoints } from '#domain/endpoints/lists';
import { route } from '../../http/route.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  addBuildingToList,
  createList,
  deleteList,
  getList,
  listRoute,
  listsOfUser,
  removeBuildingFromList,
  setListPublic,
} from './lists.service.ts';

export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listEndpoints.get, async (request) =>
    getList(app.db, request.params.id, request.user?.id ?? null),
  );

  route(app, listEndpoints.create, async (request, reply) => {
    const list = await createList(app.db, requireUser(request), request.body);
    return reply.code(201).send(list);
  });

  route(app, listEndpoints.setPublic, async (request) =>
    setListPublic(app.db, request.params.id, requireUser(request), request.body.is_public),
  );

  route(app, listEndpoints.remove, async (request, reply) => {
    await deleteList(app.db, request.params.id, requireUser(request));
    return reply.code(204).send(null);
  });

  route(app, listEndpoints.addBuilding, async (request) =>
    addBuildingToList(app.db, request.params.list_id, request.body.buildingId, requireUser(request)),
  );

  route(app, listEndpoints.removeBuilding, async (request) =>
    removeBuildingFromList(app.db, request.params.list_id, request.params.building_id, requireUser(request)),
  );

  route(app, listEndpoints.route, async (request) =>
    listRoute(app.db, request.params.id, request.user?.id ?? null, request.query.start),
  );

  route(app, listEndpoints.ofUser, async (request) => ({
    items: await listsOfUser(app.db, request.params.handle, request.user?.id ?? null),
  }));
};
