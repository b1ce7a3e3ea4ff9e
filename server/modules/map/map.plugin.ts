/**
 * The map's services, one per app: the map data version (kept from the database's notifications)
 * and the rendered map bodies with their cache. Registered on the root instance before the API
 * routes, so the map's routes, the building writes (which refresh the version), the metrics and
 * the tests all reach the same ones through the app (`app.mapVersions`, `app.mapBodies`).
 */
import fp from 'fastify-plugin';
import { MAP_OPTION_DEFAULTS, MapBodies } from './buildings.map.ts';
import { mapVersionSource, type MapVersionSource } from './map-version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this process learns the map data version; `refresh()` after a building write. */
    mapVersions: MapVersionSource;
    /** GET /api/buildings/geojson bodies, cached per data version. */
    mapBodies: MapBodies;
  }
}

export default fp(
  async (app) => {
    const versions = await mapVersionSource(app.database);
    const bodies = new MapBodies(
      app.db,
      versions,
      { maxFeatures: app.config.geojsonMaxFeatures, media: app.media, ...MAP_OPTION_DEFAULTS },
      app.config.geojsonCacheBytes,
    );
    app.decorate('mapVersions', versions);
    app.decorate('mapBodies', bodies);
    // Hooks run last-added first: these close before the root's hook closes the database.
    app.addHook('onClose', async () => bodies.close());
    app.addHook('onClose', () => versions.close());
  },
  { name: 'map' },
);
