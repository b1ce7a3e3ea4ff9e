/** POST /api/feedback (product §2 "Feedback modal"): signed in or not, rate limited per IP. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackEndpoints } from '#domain/endpoints/feedback';
import { route } from '../../http/route.ts';
import { createFeedback } from './feedback.service.ts';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    feedbackEndpoints.send,
    async (request, reply) => {
      const id = await createFeedback(app.db, request.user?.id ?? null, request.body);
      return reply.code(201).send({ id });
    },
    { rateLimit: { max: app.config.feedbackRateLimit, timeWindow: 60_000 } },
  );
};
