import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '#domain/problem';
import { searchQuerySchema, searchResultSchema } from '#domain/search';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Buildings, architects, styles and places matching a text, best first',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: problemSchema },
      },
    },
    async (request) => ({ items: await search(app.db, app.media, request.query) }),
  );
};
