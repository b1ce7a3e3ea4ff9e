import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { architecturalStyleListSchema } from '#domain/styles';
import { listStyles } from './styles.service.ts';

export const stylesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/architectural_styles/',
    {
      schema: {
        tags: ['styles'],
        summary: 'All architectural styles, by name',
        response: { 200: architecturalStyleListSchema },
      },
    },
    async () => listStyles(app.db),
  );
};
