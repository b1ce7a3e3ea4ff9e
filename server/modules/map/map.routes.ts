/** GET /api/buildings/geojson (product §7): the map's buildings and clusters, as cached bytes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { sendEncoded } from '../../http/compression.ts';
import { route } from '../../http/route.ts';

const JSON_UTF8 = 'application/json; charset=utf-8';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const map = app.mapBodies;
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
};
