import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { architectEndpoints } from '#domain/endpoints/architects';
import { route } from '../../http/route.ts';
import { notFound } from '../../http/errors.ts';
import { getArchitect, suggestArchitects } from './architects.service.ts';

export const architectsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, architectEndpoints.suggest, async (request) => ({
    items: await suggestArchitects(app.db, request.query.q),
  }));

  route(app, architectEndpoints.get, async (request) => {
    const architect = await getArchitect(app.db, app.media, request.params.id);
    if (!architect) throw notFound('Architect not found');
    return architect;
  });
};
