import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentIdParamsSchema,
  commentListSchema,
  commentRepliesSchema,
  commentSchema,
  commentsQuerySchema,
  commentTargetParamsSchema,
  editCommentBodySchema,
  newCommentBodySchema,
  newReplyBodySchema,
  repliesQuerySchema,
} from '#domain/comments';
import { problemSchema } from '#domain/problem';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  createComment,
  createReply,
  deleteComment,
  editComment,
  listComments,
  listReplies,
} from './comments.service.ts';

const problems = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/comments/:target_type/:target_id',
    {
      schema: {
        tags: ['comments'],
        summary: "A page of a building's or image's top-level comments",
        description:
          'newest: newest first. popular: most net votes (up minus down), ties by more votes, then newer. ' +
          'controversial: (up + down) ^ (min(up, down) / max(up, down)), 0 when either is 0, ties by newer. ' +
          'A deleted comment that still has replies is listed with content "".',
        params: commentTargetParamsSchema,
        querystring: commentsQuerySchema,
        response: { 200: commentListSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const { target_type, target_id } = request.params;
      return listComments(app.db, request.user?.id ?? null, target_type, target_id, request.query);
    },
  );

  app.post(
    '/comments/:target_type/:target_id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Comment on a building or image',
        params: commentTargetParamsSchema,
        body: newCommentBodySchema,
        response: { 201: commentSchema, ...problems },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { target_type, target_id } = request.params;
      const comment = await createComment(app.db, me, target_type, target_id, request.body.content);
      return reply.code(201).send(comment);
    },
  );

  app.get(
    '/comments/:comment_id/replies',
    {
      schema: {
        tags: ['comments'],
        summary: "A page of a comment's replies, oldest first",
        params: commentIdParamsSchema,
        querystring: repliesQuerySchema,
        response: { 200: commentRepliesSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) =>
      listReplies(app.db, request.user?.id ?? null, request.params.comment_id, request.query),
  );

  app.post(
    '/comments/:comment_id/replies',
    {
      schema: {
        tags: ['comments'],
        summary: 'Reply to a comment',
        description:
          'Threads are two levels deep: a reply to a reply is attached to its top-level comment ' +
          '(see parent_id in the answer). A deleted comment takes no replies (409).',
        params: commentIdParamsSchema,
        body: newReplyBodySchema,
        response: { 201: commentSchema, ...problems },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const comment = await createReply(app.db, me, request.params.comment_id, request.body);
      return reply.code(201).send(comment);
    },
  );

  app.put(
    '/comments/:comment_id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Edit your comment',
        description:
          'Marks the comment edited when the text changes. A deleted comment cannot be edited (409).',
        params: commentIdParamsSchema,
        body: editCommentBodySchema,
        response: { 200: commentSchema, ...problems },
      },
    },
    async (request) => {
      const me = requireUser(request);
      return editComment(app.db, me, request.params.comment_id, request.body.content);
    },
  );

  app.delete(
    '/comments/:comment_id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete your comment',
        description:
          'A top-level comment with replies stays, marked deleted with its content removed; any other ' +
          "comment is removed and its parent's reply_count falls.",
        params: commentIdParamsSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await deleteComment(app.db, me, request.params.comment_id);
      return reply.code(204).send(null);
    },
  );
};
