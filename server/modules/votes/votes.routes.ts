import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { voteEndpoints } from '#domain/endpoints/votes';
import { route } from '../../http/route.ts';
import { badRequest } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { castVote } from './votes.service.ts';

export const votesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, voteEndpoints.cast, async (request) => {
    const me = requireUser(request);
    const { votable_type, votable_id, vote } = request.body;
    if (votable_type !== request.params.votable_type) {
      throw badRequest('votable_type in the body must equal the one in the path.');
    }
    return castVote(app.db, me, votable_type, votable_id, vote);
  });
};
