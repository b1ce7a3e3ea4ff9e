import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildingDetailSchema,
  buildingFeatureCollectionSchema,
  buildingIdParamsSchema,
  buildingListQuerySchema,
  buildingListSchema,
  buildingsGeojsonQuerySchema,
  buildingWriteResponseSchema,
  createBuildingBodySchema,
  duplicateBuildingProblemSchema,
  updateBuildingBodySchema,
} from '#domain/buildings';
import { problemSchema } from '#domain/problem';
import { badRequest, notFound } from '../../http/errors.ts';
import { sendEncoded } from '../../http/compression.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { MAP_OPTION_DEFAULTS, MapBodies, registerMapBodies } from './buildings.map.ts';
import { mapVersionSource } from './map-version.ts';
import { getBuildingDetail, listBuildings } from './buildings.service.ts';
import { createBuilding, deleteBuilding, updateBuilding } from './buildings.write.ts';
import { registerViewCounter, ViewCounter } from './view-counter.ts';

const JSON_UTF8 = 'application/json; charset=utf-8';

/** Signed-out requests get their 401 before the body is validated. */
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

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

const writeErrors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: duplicateBuildingProblemSchema,
};

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

  app.get(
    '/buildings/geojson',
    {
      // A URL answered before, with no change since: the same bytes, before validation.
      onRequest: async (request, reply) => {
        const cached = await map.bodyForUrl(request.url);
        if (cached) return sendEncoded(request, reply.type(JSON_UTF8), cached);
      },
      schema: {
        tags: ['buildings'],
        summary: 'Buildings in a viewport as GeoJSON points, or grid clusters where there are too many',
        description:
          'A viewport whose west edge is east of its east edge crosses the antimeridian. While the ' +
          'viewport, widened to whole grid cells at the zoom, holds at most GEOJSON_MAX_FEATURES ' +
          'matching buildings every one is a point; beyond that the features are clusters ' +
          '(`properties.cluster` true) and points for cells holding a single building. See docs/api.md.',
        querystring: buildingsGeojsonQuerySchema,
        response: { 200: buildingFeatureCollectionSchema, 400: problemSchema },
      },
    },
    async (request, reply) => {
      const body = await map.body(request.query, request.url);
      // Bytes already serialised from a BuildingFeatureCollection (and cached so, with their
      // compressed forms): Fastify sends a Buffer as it is, past the schema serialiser.
      return sendEncoded(request, reply.type(JSON_UTF8), body);
    },
  );

  app.get(
    '/buildings/',
    {
      schema: {
        tags: ['buildings'],
        summary: 'The card list: buildings matching the map filters, newest first, a page at a time',
        description:
          "user_handle: the buildings that user added (public). vote_user_handle: a user's rated " +
          'buildings, each with `user_vote` and `voted_at`, newest vote first unless sort_by/sort_order ' +
          'say otherwise; only that user may ask (401 signed out, 403 another user). An unknown ' +
          'handle is a 404. See docs/api.md.',
        querystring: buildingListQuerySchema,
        response: {
          200: buildingListSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => listBuildings(app.db, app.media, request.query, request.user),
  );

  app.post(
    '/buildings/',
    {
      preValidation: signedIn,
      schema: {
        tags: ['buildings'],
        summary: 'Add a building',
        description:
          'A building with the same place_id, or within 50 m with the same normalised name, ' +
          'already exists: 409 with its `building_id`.',
        body: createBuildingBodySchema,
        response: { 201: buildingWriteResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    '/buildings/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'One building with its styles, images and votes',
        params: buildingIdParamsSchema,
        response: { 200: buildingDetailSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const building = await getBuildingDetail(
        app.db,
        app.media,
        request.params.id,
        request.user?.id ?? null,
        views,
      );
      if (!building) throw notFound('Building not found');
      return building;
    },
  );

  app.put(
    '/buildings/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['buildings'],
        summary: 'Edit a building you added',
        params: buildingIdParamsSchema,
        body: updateBuildingBodySchema,
        response: { 200: buildingWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      if (request.body.id !== id) {
        const message = 'The id in the body does not match the building in the path';
        throw badRequest(message, { errors: [{ path: 'body.id', message }] });
      }
      await updateBuilding(app.db, id, me.id, request.body);
      await versions.refresh();
      return { building: { id } };
    },
  );

  app.delete(
    '/buildings/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['buildings'],
        summary: 'Delete a building you added, with its images, votes, comments and list entries',
        params: buildingIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { storageKeys } = await deleteBuilding(app.db, request.params.id, me.id);
      await versions.refresh();
      await removeStoredFiles(app, storageKeys);
      return reply.code(204).send(null);
    },
  );
};
