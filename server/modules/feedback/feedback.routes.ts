/** POST /api/feedback (product §2 "Feedback modal"): signed in or not, rate limited per IP. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackBodySchema, feedbackCreatedSchema } from '#domain/feedback';
import { problemSchema } from '#domain/problem';
import { createFeedback } from './feedback.service.ts';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedback',
    {
      config: { rateLimit: { max: app.config.feedbackRateLimit, timeWindow: 60_000 } },
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback; the session cookie is optional (the sender is kept when signed in)',
        description:
          'title and description are required (trimmed); type defaults to general; an empty email is ' +
          'none; page_url and browser_info are cut to their maximum length.',
        body: feedbackBodySchema,
        response: { 201: feedbackCreatedSchema, 400: problemSchema, 403: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const id = await createFeedback(app.db, request.user?.id ?? null, request.body);
      return reply.code(201).send({ id });
    },
  );
};
