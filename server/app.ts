/** Builds the Fastify app on a configured database; tests call it with a fresh one. */
import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX } from '#domain/endpoints/define';
import { streetsArchivePath } from '#domain/streets-basemap';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { isEmpty, seedDatabase } from './db/seed.ts';
import { createQueue } from './jobs/queue.ts';
import { registerWorkers, scheduleJobs } from './jobs/workers.ts';
import { appJobs, appJobSchedules, type AppQueue } from './app-jobs.ts';
import { errorHandler, sendProblem } from './http/errors.ts';
import { frameworkErrors, registerInputGuards } from './http/input-guards.ts';
// --- HTTP hardening (limits, proxies, request ids, timeouts, no-store, logs) ---
import rateLimits, {
  DatabaseCounterStore,
  limitedAtRoot,
  MemoryCounterStore,
  RateLimiter,
  type DatabaseClock,
} from './http/rate-limit.ts';
import { requestIdGenerator, REQUEST_ID_HEADER } from './http/request-id.ts';
import { registerNoStore } from './http/no-store.ts';
import { loggerOptions } from './http/logging.ts';
import { jsonBodyParser } from './http/input-guards.ts';
// --- end HTTP hardening ---
import { registerSecurityHeaders } from './http/security.ts';
import { registerCompression } from './http/compression.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { appPageSender, looksLikeAFile, pagesRoutes } from './modules/pages/pages.routes.ts';
import authPlugin from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { stylesRoutes } from './modules/styles/styles.routes.ts';
import buildingsPlugin from './modules/buildings/buildings.plugin.ts';
import { buildingsRoutes } from './modules/buildings/buildings.routes.ts';
import mapPlugin from './modules/map/map.plugin.ts';
import { mapRoutes } from './modules/map/map.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { createStorage, type ObjectStorage } from './storage/index.ts';
import { MediaUrls } from './storage/media-url.ts';
import { mediaRoutes } from './storage/media.routes.ts';
import analyticsPlugin from './analytics/analytics.plugin.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { parseAddressRoutes } from './modules/places/parse-address.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerMetrics, type MetricsEndpoint } from './modules/metrics/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    queue: AppQueue;
    /** The Prometheus listener (METRICS_PORT), started by main.ts after the app's; null when off. */
    metrics: MetricsEndpoint | null;
  }
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Tests: the time the database rate-limit store counts windows in (default: the database's clock). */
  rateLimitClock?: DatabaseClock | undefined;
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n proxies" (the n
 * right-most X-Forwarded-For entries are proxies, the one before them is the client); a list of
 * addresses/CIDRs trusts only those. Never `true` (config.ts refuses it): that would take the
 * left-most entry, which the client writes.
 */
function trustProxyOption(
  value: Config['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    }));
  const app = Fastify({
    // Signed upload URLs are redacted from logged request URLs (server/http/logging.ts).
    logger: loggerOptions(opts.logger ?? { level: config.logLevel }),
    bodyLimit: 1024 * 1024,
    // Numeric query params and ids are checked by the zod schemas, not coerced by ajv.
    ajv: { customOptions: { coerceTypes: false } },
    // Behind a load balancer, request.ip (rate limits, logs) comes from X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    // Every log line of a request carries its reqId; a trusted proxy's X-Request-Id is kept.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy !== false),
    frameworkErrors,
    // Slow or stalled clients cannot hold connections (HTTP_*_TIMEOUT_MS, server/config.ts).
    connectionTimeout: config.http.idleTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: config.http.checkIntervalMs,
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('config', config);
  let queue: AppQueue | undefined;
  let storage: ObjectStorage | undefined;
  // The queue's last writes (a finishing job) go to the database, so it stops first.
  app.addHook('onClose', async () => {
    await queue?.stop();
    await storage?.close();
    await database.close();
  });

  try {
    await database.migrate();
    if (config.seed && (await isEmpty(database.db))) {
      const result = await seedDatabase(database.db);
      app.log.info(result, 'seeded an empty database');
    }
    storage = await createStorage(config.storage, config.dataDir);
    queue = createQueue(database, config, { log: app.log, jobs: appJobs });
    await queue.start();
    if (config.worker) {
      await registerWorkers(
        queue,
        { db: database.db, log: app.log, storage },
        config.workerConcurrency,
        config.jobTestDelayMs,
      );
      await scheduleJobs(queue, appJobSchedules(config));
    } else if (database.kind === 'pglite') {
      app.log.warn('WORKER=false on the embedded database: no process can run queued jobs');
    }
  } catch (err) {
    await queue?.stop();
    await storage?.close();
    await database.close();
    throw err;
  }
  app.decorate('queue', queue);
  app.decorate('storage', storage);
  app.decorate('media', new MediaUrls(storage.publicBaseUrl));
  // Before the routes: its onResponse hook counts every request by route pattern.
  app.decorate(
    'metrics',
    config.metrics ? registerMetrics(app, { database, queue, ...config.metrics }) : null,
  );

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerInputGuards(app);
  // --- HTTP hardening ---
  // JSON bodies nested deeper than JSON_MAX_DEPTH are a 400 before they are parsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(app));
  // Answers that depend on the session are never stored by a cache.
  registerNoStore(app);
  const limiter = new RateLimiter({
    limits: config.rateLimit,
    routes: config.routeRateLimits,
    store:
      config.rateLimitStore === 'database'
        ? new DatabaseCounterStore(database.db, { log: app.log, databaseClock: opts.rateLimitClock })
        : new MemoryCounterStore(),
  });
  if (!config.routeRateLimits && config.nodeEnv === 'production') {
    app.log.warn('RATE_LIMIT=false: every request limit is off (meant for load tests only)');
  }
  // Requests that match no route, and routes outside /api (the sitemap): the /api scope's hook
  // (below) never sees them.
  app.addHook('onRequest', async (request, reply) => {
    if (limitedAtRoot(request)) await limiter.check(request, reply);
  });
  // --- end HTTP hardening ---

  // Content-Security-Policy, HSTS over https, and the other helmet headers (server/http/security.ts).
  registerSecurityHeaders(app, config);
  // br/gzip for rendered answers over 1 KB (server/http/compression.ts; static files come compressed).
  registerCompression(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atlas of Buildings API',
        description: 'Every path is under /api. Errors are RFC 9457 problem JSON.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  await app.register(analyticsPlugin);

  // The map's and the catalogue's services, on the app itself: its routes, metrics and tests share them.
  await app.register(mapPlugin);
  await app.register(buildingsPlugin);
  await app.register(
    async (api) => {
      await api.register(authPlugin);
      // After the auth plugin: mutations are counted per signed-in user as well as per IP.
      await api.register(rateLimits, { limiter });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(moderationRoutes);
      await api.register(imagesRoutes);
      await api.register((await import('./modules/votes/votes.routes.ts')).votesRoutes);
      await api.register((await import('./modules/comments/comments.routes.ts')).commentsRoutes);
      await api.register(stylesRoutes);
      await api.register(buildingsRoutes);
      await api.register(mapRoutes);
      await api.register((await import('./modules/lists/lists.routes.ts')).listsRoutes);
      await api.register((await import('./modules/export/buildings.export.routes.ts')).exportRoutes);
      await api.register(placesRoutes);
      await api.register((await import('./modules/search/search.routes.ts')).searchRoutes);
      await api.register((await import('./modules/architects/architects.routes.ts')).architectsRoutes);
      await api.register(parseAddressRoutes);
      await api.register(feedbackRoutes);
      await api.register((await import('./modules/locator/locator.routes.ts')).locatorRoutes);
      await api.register((await import('./modules/pages/privacy.routes.ts')).privacyRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(mediaRoutes);
  const { basemapRoutes, openServedBasemap } = await import('./modules/basemap/basemap.routes.ts');
  const basemap = await openServedBasemap(app.log);
  await app.register(basemapRoutes, { basemap });
  // The operator's Protomaps archive with streets (BASEMAP_PMTILES), when there is one.
  const { streetsRoutes, openServedStreets } = await import('./modules/basemap/streets.routes.ts');
  const streets = await openServedStreets(app.log, config.basemapPmtiles);
  await app.register(streetsRoutes, { archive: streets });

  const webDir = config.webDir;
  if (webDir && fs.existsSync(webDir)) await registerStaticFiles(app, webDir);
  // robots.txt, sitemap.xml, and the app's page with its head filled per route.
  await app.register(pagesRoutes);
  // The pages name the basemap's version, so the maps ask for its tiles without the TileJSON.
  const sendAppPage = appPageSender(app, webDir, {
    basemapVersion: basemap?.version,
    streetsArchive: streets && streetsArchivePath(streets.version),
  });

  // Deep links such as /buildings/3 get the web app; unknown /api paths get a 404 problem.
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`)) {
      return sendProblem(reply, 404, `No API route ${request.method} ${url.split('?')[0]}`);
    }
    // A missing or refused file is not a deep link of the web app.
    if (url.startsWith('/media/')) return sendProblem(reply, 404, 'No such file.');
    // A scraper pointed at the public port gets a clear 404, not the web app's page.
    if (url === '/metrics' || url.startsWith('/metrics?')) {
      return sendProblem(reply, 404, 'Metrics are served on METRICS_PORT only, never on this port.');
    }
    // A file the build does not hold (an icon, a manifest, an old chunk) is not a deep link either.
    if (looksLikeAFile(url.split('?')[0] ?? '')) return sendProblem(reply, 404, 'No such file.');
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (await sendAppPage(request, reply)) return reply;
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return sendProblem(reply, 404, `Nothing at ${request.method} ${url}`);
  });

  await app.ready();
  return app;
}
