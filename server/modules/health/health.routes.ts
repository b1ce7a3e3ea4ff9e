/**
 * Health checks for load balancers and orchestrators:
 * - GET /api/health/live: liveness; the process answers HTTP (no database call). Restart the
 *   process when this fails.
 * - GET /api/health/ready (and GET /api/health, the same): readiness; migrations ran and the
 *   database answers. Take the process out of the load balancer while this answers 503.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthEndpoints } from '#domain/endpoints/health';
import { sendProblem } from '../../http/errors.ts';
import { route } from '../../http/route.ts';

/** A readiness probe that hangs is as bad as a failing one. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkDatabase = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([app.db.execute(sql`SELECT 1`), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  const readiness = async (_request: unknown, reply: Parameters<typeof sendProblem>[0]) => {
    try {
      await checkDatabase();
    } catch (err) {
      app.log.warn({ err }, 'health check: database unreachable');
      return sendProblem(reply, 503, 'The database is unreachable.');
    }
    return { status: 'ok' as const };
  };
  // A monitor asks often and must never be refused: not counted as reads.
  route(app, healthEndpoints.health, readiness, { reads: 'free' });
  route(app, healthEndpoints.ready, readiness, { reads: 'free' });
  route(app, healthEndpoints.live, async () => ({ status: 'ok' as const }), { reads: 'free' });
};
