import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '#domain/problem';
import { voteBodySchema, voteParamsSchema, voteResultSchema } from '#domain/votes';
import { badRequest } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { castVote } from './votes.service.ts';

export const votesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/votes/:votable_type',
    {
      schema: {
        tags: ['votes'],
        summary: 'Vote on a building, image, comment or architectural style',
        description:
          'Faces (building, image, architectural_style): 1 smile, 0 meh, -1 frown. Comments: 1 up, -1 down. ' +
          'Sending the vote you already have removes it. Answers the target’s new counts and your vote.',
        params: voteParamsSchema,
        body: voteBodySchema,
        response: {
          200: voteResultSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { votable_type, votable_id, vote } = request.body;
      if (votable_type !== request.params.votable_type) {
        throw badRequest('votable_type in the body must equal the one in the path.');
      }
      return castVote(app.db, me.id, votable_type, votable_id, vote);
    },
  );
};
