/** Builds the Fastify app on a configured database; tests call it with a fresh one. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { isEmpty, seedDatabase } from './db/seed.ts';
import { createQueue, type Queue } from './jobs/queue.ts';
import { registerWorkers } from './jobs/workers.ts';
import { errorHandler, rateLimitProblem, sendProblem } from './http/errors.ts';
import { frameworkErrors, registerInputGuards } from './http/input-guards.ts';
import rateLimit from '@fastify/rate-limit';
import mutationRateLimit, { DatabaseCounterStore, MemoryCounterStore } from './http/rate-limit.ts';
import { genRequestId, REQUEST_ID_HEADER } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security.ts';
import authPlugin from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { stylesRoutes } from './modules/styles/styles.routes.ts';
import { buildingsRoutes } from './modules/buildings/buildings.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { createStorage, type ObjectStorage } from './storage/index.ts';
import { mediaRoutes } from './storage/media.routes.ts';
import analyticsPlugin from './analytics/analytics.plugin.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { parseAddressRoutes } from './modules/places/parse-address.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    queue: Queue;
  }
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n proxies". */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Numeric query params and ids are checked by the zod schemas, not coerced by ajv.
    ajv: { customOptions: { coerceTypes: false } },
    // Behind a load balancer, request.ip (rate limits, logs) comes from X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    // Every log line of a request carries its reqId; a proxy's X-Request-Id is kept.
    requestIdHeader: false,
    genReqId: genRequestId,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('config', config);
  let queue: Queue | undefined;
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
    queue = createQueue(database, config, { log: app.log });
    await queue.start();
    if (config.worker) {
      await registerWorkers(
        queue,
        { db: database.db, log: app.log, storage },
        config.workerConcurrency,
        config.jobTestDelayMs,
      );
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerInputGuards(app);

  // Content-Security-Policy, HSTS over https, and the other helmet headers (server/http/security.ts).
  await registerSecurityHeaders(app, config);

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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(analyticsPlugin);

  await app.register(
    async (api) => {
      await api.register(rateLimit, { global: false, errorResponseBuilder: rateLimitProblem });
      await api.register(authPlugin);
      // After the auth plugin: mutations are counted per signed-in user as well as per IP.
      if (config.rateLimit)
        await api.register(mutationRateLimit, {
          ...config.rateLimit,
          store:
            config.rateLimitStore === 'database'
              ? new DatabaseCounterStore(database.db, { log: app.log })
              : new MemoryCounterStore(),
        });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(imagesRoutes);
      await api.register((await import('./modules/votes/votes.routes.ts')).votesRoutes);
      await api.register((await import('./modules/comments/comments.routes.ts')).commentsRoutes);
      await api.register(stylesRoutes);
      await api.register(buildingsRoutes);
      await api.register((await import('./modules/lists/lists.routes.ts')).listsRoutes);
      await api.register(placesRoutes);
      await api.register(parseAddressRoutes);
      await api.register(feedbackRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);

  const webDir = config.webDir;
  const indexHtml = webDir ? path.join(webDir, 'index.html') : undefined;
  if (webDir && fs.existsSync(webDir)) {
    await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: false, index: false });
  }

  // Deep links such as /buildings/3 get the web app; unknown /api paths get a 404 problem.
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      return sendProblem(reply, 404, `No API route ${request.method} ${url.split('?')[0]}`);
    }
    // A missing or refused file is not a deep link of the web app.
    if (url.startsWith('/media/')) return sendProblem(reply, 404, 'No such file.');
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml && fs.existsSync(indexHtml)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
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
