import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  architectDetailSchema,
  architectIdParamsSchema,
  architectSuggestQuerySchema,
  architectSuggestionsSchema,
} from '#domain/architects';
import { problemSchema } from '#domain/problem';
import { notFound } from '../../http/errors.ts';
import { getArchitect, suggestArchitects } from './architects.service.ts';

export const architectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/architects',
    {
      schema: {
        tags: ['architects'],
        summary: 'Architects whose name matches q (suggestions for the building form)',
        querystring: architectSuggestQuerySchema,
        response: { 200: architectSuggestionsSchema, 400: problemSchema },
      },
    },
    async (request) => ({ items: await suggestArchitects(app.db, request.query.q) }),
  );

  app.get(
    '/architects/:id',
    {
      schema: {
        tags: ['architects'],
        summary: 'An architect with the buildings they designed',
        params: architectIdParamsSchema,
        response: { 200: architectDetailSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const architect = await getArchitect(app.db, app.media, request.params.id);
      if (!architect) throw notFound('Architect not found');
      return architect;
    },
  );
};
