import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchEndpoints } from '#domain/endpoints/search';
import { route } from '../../http/route.ts';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // A search may cost seconds (similarity over every name): SEARCH_RATE_LIMIT per address and minute.
  const rateLimit = { max: app.config.searchRateLimit, timeWindow: 60_000 };
  route(
    app,
    searchEndpoints.search,
    async (request) => ({ items: await search(app.db, app.media, request.query) }),
    { rateLimit },
  );
};
