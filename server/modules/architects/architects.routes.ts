import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiUrl } from '#domain/endpoints/define';
import { architectEndpoints } from '#domain/endpoints/architects';
import { route } from '../../http/route.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  architectRevisionsOf,
  getArchitect,
  renameArchitect,
  suggestArchitects,
} from './architects.service.ts';

export const architectsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, architectEndpoints.suggest, async (request) => ({
    items: await suggestArchitects(app.db, request.query.q),
  }));

  route(app, architectEndpoints.get, async (request, reply) => {
    const architect = await getArchitect(app.db, app.media, request.params.id, request.query);
    if (!architect) throw notFound('Architect not found');
    if ('movedTo' in architect) {
      // Merged into another: to that one, the query kept (the browser's fetch follows; the web
      // then shows the new address). Not cached: a later merge may move it on again.
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply
        .code(301)
        .header('location', apiUrl(architectEndpoints.get, { params: { id: architect.movedTo } }) + search)
        .header('cache-control', 'no-store')
        .send(null);
    }
    return architect;
  });

  // Moderators and admins only (the description's role; the hook answers 403 to anyone else first).
  route(app, architectEndpoints.rename, async (request) => {
    const me = requireUser(request);
    const result = await renameArchitect(app.db, me, request.params.id, request.body.name);
    if (result.ok) return result.architect;
    if (result.reason === 'missing') throw notFound('Architect not found');
    throw conflict(
      `Another architect, ${result.other.name} (${result.other.id}), has this name: merge the two instead.`,
    );
  });

  route(app, architectEndpoints.revisions, async (request) => {
    const items = await architectRevisionsOf(app.db, request.params.id);
    if (!items) throw notFound('Architect not found');
    return { items };
  });
};
