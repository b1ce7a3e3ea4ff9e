import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { badRequest, notFound } from '../../http/errors.ts';
import { sendEncoded } from '../../http/compression.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { route } from '../../http/route.ts';
import { MAP_OPTION_DEFAULTS, MapBodies, registerMapBodies } from './buildings.map.ts';
import { mapVersionSource } from './map-version.ts';
import { getBuildingDetail, listBuildings } from './buildings.service.ts';
import { viewerOf } from '../moderation/visibility.ts';
import { createBuilding, deleteBuilding, updateBuilding } from './buildings.write.ts';
import { registerViewCounter, ViewCounter } from './view-counter.ts';

const JSON_UTF8 = 'application/json; charset=utf-8';

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
  const versions = await mapVersionSource(app.database);
  app.addHook('onClose', () => versions.close());
  const map = new MapBodies(
    app.db,
    versions,
    { maxFeatures: app.config.geojsonMaxFeatures, media: app.media, ...MAP_OPTION_DEFAULTS },
    app.config.geojsonCacheBytes,
  );
  registerMapBodies(app.db, map);
  app.addHook('onClose', async () => map.close());
  // Views are written in batches; the last ones when the app closes (before the database does:
  // this plugin's onClose hooks run before the root's).
  const views = new ViewCounter(app.db, app.log);
  views.start();
  registerViewCounter(app.db, views);
  app.addHook('onClose', () => views.close());

  route(
    app,
    buildingEndpoints.geojson,
    async (request, reply) => {
      const body = await map.body(request.query, request.url);
      // Bytes already serialised from a BuildingFeatureCollection (and cached so, with their
      // compressed forms): Fastify sends a Buffer as it is, past the schema serialiser.
      return sendEncoded(request, reply.type(JSON_UTF8), body);
    },
    {
      // A URL answered before, with no change since: the same bytes, before validation.
      onRequest: async (request, reply) => {
        const cached = await map.bodyForUrl(request.url);
        if (cached) return sendEncoded(request, reply.type(JSON_UTF8), cached);
      },
    },
  );

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
    await updateBuilding(app.db, id, me.id, request.body);
    await versions.refresh();
    return { building: { id } };
  });

  route(app, buildingEndpoints.remove, async (request, reply) => {
    const me = requireUser(request);
    const { storageKeys } = await deleteBuilding(app.db, request.params.id, me.id);
    await versions.refresh();
    await removeStoredFiles(app, storageKeys);
    return reply.code(204).send(null);
  });
};
