import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchEndpoints } from '#domain/endpoints/search';
import { route } from '../../http/route.ts';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, searchEndpoints.search, async (request) => ({
    items: await search(app.db, app.media, request.query),
  }));
};
