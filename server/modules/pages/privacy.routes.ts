/** GET /api/privacy: what the privacy page quotes from the operator's configuration. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyEndpoints } from '#domain/endpoints/privacy';
import { route } from '../../http/route.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const info = {
    operator_contact: app.config.operatorContact,
    session_max_age_days: Math.round(app.config.sessionMaxAgeMs / DAY_MS),
  };
  // The same for everyone and changed only by a restart: counted as no read.
  route(
    app,
    privacyEndpoints.info,
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return info;
    },
    { reads: 'free' },
  );
};
