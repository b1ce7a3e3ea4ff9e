import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentEndpoints } from '#domain/endpoints/comments';
import { route } from '../../http/route.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  createComment,
  createReply,
  deleteComment,
  editComment,
  listComments,
  listReplies,
} from './comments.service.ts';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, commentEndpoints.list, async (request) => {
    const { target_type, target_id } = request.params;
    return listComments(app.db, request.user, target_type, target_id, request.query);
  });

  route(app, commentEndpoints.create, async (request, reply) => {
    const me = requireUser(request);
    const { target_type, target_id } = request.params;
    const comment = await createComment(app.db, me, target_type, target_id, request.body.content);
    return reply.code(201).send(comment);
  });

  route(app, commentEndpoints.replies, async (request) =>
    listReplies(app.db, request.user, request.params.comment_id, request.query),
  );

  route(app, commentEndpoints.reply, async (request, reply) => {
    const me = requireUser(request);
    const comment = await createReply(app.db, me, request.params.comment_id, request.body);
    return reply.code(201).send(comment);
  });

  route(app, commentEndpoints.edit, async (request) => {
    const me = requireUser(request);
    return editComment(app.db, me, request.params.comment_id, request.body.content);
  });

  route(app, commentEndpoints.remove, async (request, reply) => {
    const me = requireUser(request);
    await deleteComment(app.db, me, request.params.comment_id);
    return reply.code(204).send(null);
  });
};
