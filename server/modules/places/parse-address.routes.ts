/** POST /api/parse-address: the wizard's address step filled from a picked place (domain/address.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseAddress } from '#domain/address';
import { placeEndpoints } from '#domain/endpoints/places';
import { route } from '../../http/route.ts';
import { requireUser } from '../auth/auth.plugin.ts';

export const parseAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    placeEndpoints.parseAddress,
    async (request) => {
      requireUser(request);
      return parseAddress(request.body.place_info, request.body.building_name);
    },
    { rateLimit: { max: app.config.places.rateLimit, timeWindow: 60_000 } },
  );
};
