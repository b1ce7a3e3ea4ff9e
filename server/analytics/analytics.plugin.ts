/** Decorates the app with `analytics` (server/analytics/analytics.ts); sends what is left on close. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAnalytics, type Analytics } from './analytics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: Analytics;
  }
}

async function analyticsPlugin(app: FastifyInstance) {
  const analytics = createAnalytics(app.config.analyticsUrl, app.log.child({ module: 'analytics' }));
  app.decorate('analytics', analytics);
  app.addHook('onClose', () => analytics.flush());
}

export default fp(analyticsPlugin, { name: 'analytics' });
