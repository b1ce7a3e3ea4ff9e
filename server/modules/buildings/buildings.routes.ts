import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buildingDetailSchema,
  buildingFeatureCollectionSchema,
  buildingFiltersQuerySchema,
  buildingIdParamsSchema,
} from '#domain/buildings';
import { problemSchema } from '#domain/problem';
import { notFound } from '../../http/errors.ts';
import { buildingsGeojson, getBuildingDetail } from './buildings.service.ts';

export const buildingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/buildings/geojson',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Buildings in a viewport as GeoJSON points',
        description:
          'A viewport whose west edge is east of its east edge crosses the antimeridian. ' +
          'At most GEOJSON_MAX_FEATURES features are returned; `truncated` says when more matched.',
        querystring: buildingFiltersQuerySchema,
        response: { 200: buildingFeatureCollectionSchema, 400: problemSchema },
      },
    },
    async (request) => buildingsGeojson(app.db, request.query, app.config.geojsonMaxFeatures),
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
      const building = await getBuildingDetail(app.db, request.params.id);
      if (!building) throw notFound('Building not found');
      return building;
    },
  );
};
