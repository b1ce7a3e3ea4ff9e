/** POST /api/parse-address: the wizard's address step filled from a picked place (domain/address.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseAddress, parseAddressBodySchema, parseAddressResponseSchema } from '#domain/address';
import { problemSchema } from '#domain/problem';
import { requireUser } from '../auth/auth.plugin.ts';

export const parseAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parse-address',
    {
      config: { rateLimit: { max: app.config.places.rateLimit, timeWindow: 60_000 } },
      schema: {
        tags: ['places'],
        summary: "Reads a picked place's address components into the building address",
        description:
          'Signed in only (the wizard is). An address that cannot be read is still a 200, with ' +
          'success false, an error and a null address: the wizard leaves the address for the user to fill.',
        body: parseAddressBodySchema,
        response: {
          200: parseAddressResponseSchema,
          400: problemSchema,
          401: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) => {
      requireUser(request);
      return parseAddress(request.body.place_info, request.body.building_name);
    },
  );
};
