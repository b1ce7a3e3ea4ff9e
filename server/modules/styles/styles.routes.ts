import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { styleEndpoints } from '#domain/endpoints/styles';
import { route } from '../../http/route.ts';
import { listStyles } from './styles.service.ts';

export const stylesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, styleEndpoints.list, async () => listStyles(app.db));
};
