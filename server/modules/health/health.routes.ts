import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '#domain/health';
import { problemSchema } from '#domain/problem';
import { sendProblem } from '../../http/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready once migrations ran and the database answers',
        response: { 200: healthSchema, 503: problemSchema },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch (err) {
        app.log.warn({ err }, 'health check: database unreachable');
        return sendProblem(reply, 503, 'The database is unreachable.');
      }
      return { status: 'ok' as const };
    },
  );
};
