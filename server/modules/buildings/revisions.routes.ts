/**
 * A building's history and suggested edits (domain/endpoints/revisions.ts). Who may review or
 * revert depends on the building (its owner, or a moderator), so the services check it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revisionEndpoints } from '#domain/endpoints/revisions';
import { route } from '../../http/route.ts';
import { viewerOf } from '../../db/visibility.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { listRevisions, revertToRevision } from './building-revisions.service.ts';
import {
  createSuggestion,
  listBuildingSuggestions,
  listUserSuggestions,
  reviewSuggestion,
} from './building-suggestions.service.ts';

/**
 * A paged list's answer: the page `list` reads for the query's page and per_page, with those
 * two echoed back.
 */
async function pageOf<T>(
  query: { page: number; per_page: number },
  list: (page: number, perPage: number) => Promise<{ items: T[]; has_more: boolean }>,
) {
  const { page, per_page } = query;
  const { items, has_more } = await list(page, per_page);
  return { items, page, per_page, has_more };
}

export const revisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The map's version: a revert or an accepted suggestion changes the building as an edit does.
  const versions = app.mapVersions;

  route(app, revisionEndpoints.list, (request) =>
    pageOf(request.query, (page, perPage) =>
      listRevisions(app.db, request.params.id, viewerOf(request), page, perPage),
    ),
  );

  route(app, revisionEndpoints.revert, async (request, reply) => {
    const me = requireUser(request);
    const id = await revertToRevision(app.db, request.params.id, request.params.rid, me);
    await versions.refresh();
    return reply.code(201).send({ revision: { id } });
  });

  route(app, revisionEndpoints.suggest, async (request, reply) => {
    const me = requireUser(request);
    const id = await createSuggestion(app.db, request.params.id, me, request.body);
    return reply.code(201).send({ id, status: 'pending' as const });
  });

  route(app, revisionEndpoints.suggestions, async (request) => {
    const me = requireUser(request);
    return pageOf(request.query, (page, perPage) =>
      listBuildingSuggestions(app.db, request.params.id, me, request.query.status, page, perPage),
    );
  });

  route(app, revisionEndpoints.accept, async (request) => {
    const me = requireUser(request);
    const { id, sid } = request.params;
    const { revisionId } = await reviewSuggestion(app.db, id, sid, me, 'accepted');
    await versions.refresh();
    return {
      id: sid,
      status: 'accepted' as const,
      revision: revisionId === null ? null : { id: revisionId },
    };
  });

  route(app, revisionEndpoints.reject, async (request) => {
    const me = requireUser(request);
    const { id, sid } = request.params;
    await reviewSuggestion(app.db, id, sid, me, 'rejected');
    return { id: sid, status: 'rejected' as const, revision: null };
  });

  route(app, revisionEndpoints.userSuggestions, async (request) => {
    const me = requireUser(request);
    return pageOf(request.query, (page, perPage) =>
      listUserSuggestions(app.db, request.params.handle, me, request.query.status, page, perPage),
    );
  });
};
