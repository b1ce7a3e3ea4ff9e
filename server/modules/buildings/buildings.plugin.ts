/**
 * The catalogue's services, one per app: the building view counter, which writes views in batches
 * (the last ones when the app closes). Registered on the root instance before the API routes, so
 * the routes, the tests and the database snapshot of the tests reach the same one (`app.buildingViews`).
 */
import fp from 'fastify-plugin';
import { ViewCounter } from './view-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Building views counted since the last batch write; `flush()` writes them now. */
    buildingViews: ViewCounter;
  }
}

export default fp(
  async (app) => {
    const views = new ViewCounter(app.db, app.log);
    views.start();
    app.decorate('buildingViews', views);
    // Before the database closes (hooks run last-added first; the root's closes the database).
    app.addHook('onClose', () => views.close());
  },
  { name: 'buildings' },
);
