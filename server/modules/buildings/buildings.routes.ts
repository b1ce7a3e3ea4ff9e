/**
 * /api/buildings (product §7): the catalogue's list, detail and writes. The map's geojson is the
 * map module's (server/modules/map), the export the export module's (server/modules/export).
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { route } from '../../http/route.ts';
import { getBuildingDetail, listBuildings } from './buildings.service.ts';
import { viewerOf } from '../../db/visibility.ts';
import { createBuilding, deleteBuilding, updateBuilding } from './buildings.write.ts';
import { revisionsRoutes } from './revisions.routes.ts';

/**
 * Removes a deleted building's stored files after its transaction committed. Uses the app's
 * object storage when one is registered; without one there are no stored files to remove.
 * A failure is logged, never reported: the building is gone either way.
 */
async function removeStoredFiles(app: FastifyInstance, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const storage = (app as unknown as { storage?: { delete?: (keys: string[]) => Promise<void> } }).storage;
  if (typeof storage?.delete !== 'function') return;
  try {
    await storage.delete(keys);
  } catch (err) {
    app.log.error({ err, keys }, 'could not remove the files of a deleted building');
  }
}

export const buildingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The map's version, refreshed after each write so this process's next map shows it
  // (server/modules/map); the view counter (buildings.plugin.ts).
  const versions = app.mapVersions;
  const views = app.buildingViews;

  route(app, buildingEndpoints.list, async (request) =>
    listBuildings(app.db, app.media, request.query, request.user),
  );

  route(app, buildingEndpoints.create, async (request, reply) => {
    const me = requireUser(request);
    const id = await createBuilding(app.db, me.id, request.body);
    await versions.refresh();
    app.analytics.track({
      name: 'building_created',
      user_id: me.id,
      properties: {
        building_id: id,
        from_place: request.body.place_id !== null,
        style_count: request.body.architectural_styles.length,
        country_code: request.body.address.country_code,
      },
    });
    return reply.code(201).send({ building: { id } });
  });

  route(app, buildingEndpoints.get, async (request) => {
    const building = await getBuildingDetail(app.db, app.media, request.params.id, viewerOf(request), views);
    if (!building) throw notFound('Building not found');
    return building;
  });

  route(app, buildingEndpoints.update, async (request) => {
    const me = requireUser(request);
    const { id } = request.params;
    if (request.body.id !== id) {
      const message = 'The id in the body does not match the building in the path';
      throw badRequest(message, { errors: [{ path: 'body.id', message }] });
    }
    await updateBuilding(app.db, id, me, request.body);
    await versions.refresh();
    return { building: { id } };
  });

  route(app, buildingEndpoints.remove, async (request, reply) => {
    const me = requireUser(request);
    const { storageKeys } = await deleteBuilding(app.db, request.params.id, me);
    await versions.refresh();
    await removeStoredFiles(app, storageKeys);
    return reply.code(204).send(null);
  });

  // A building's history and suggested edits.
  await app.register(revisionsRoutes);
};
