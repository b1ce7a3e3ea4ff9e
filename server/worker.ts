/** Worker-only process (`npm run worker`): runs queued jobs against PostgreSQL; serves no HTTP. */
import Fastify from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { ownerOnlyFiles } from './data-dir.ts';
import { loadEnvFile } from './env-file.ts';
import { openDatabase } from './db/client.ts';
import { createQueue, STOP_TIMEOUT_MS } from './jobs/queue.ts';
import { registerWorkers, scheduleJobs } from './jobs/workers.ts';
import { appJobs, appJobSchedules } from './app-jobs.ts';
import { createStorage } from './storage/index.ts';
import { workerMetrics, type MetricsEndpoint } from './modules/metrics/metrics.ts';

async function main() {
  // Media it writes under DATA_DIR (local storage) is the owner's only, as the server's.
  ownerOnlyFiles();
  loadEnvFile();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL. The embedded database (PGlite) lives inside the server process ' +
        'and accepts no other process, so without PostgreSQL the server runs the jobs itself (WORKER=true, the default).',
    );
    process.exit(1);
  }
  // Fastify's logger, so worker lines look like the server's.
  const log = Fastify({ logger: { level: config.logLevel } }).log;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  const queue = createQueue(database, config, { log, jobs: appJobs });
  let metrics: MetricsEndpoint | undefined;
  try {
    await database.migrate();
    // Local storage is shared only by processes on one machine with the same DATA_DIR.
    const storage = await createStorage(config.storage, config.dataDir);
    await queue.start();
    await registerWorkers(
      queue,
      { db: database.db, log, storage },
      config.workerConcurrency,
      config.jobTestDelayMs,
    );
    await scheduleJobs(queue, appJobSchedules(config));
    if (config.metrics) {
      metrics = workerMetrics(queue, config.metrics);
      const { address, port } = await metrics.listen();
      log.info({ address, port }, 'Prometheus metrics at /metrics (METRICS_PORT)');
    }
  } catch (err) {
    await metrics?.close();
    await queue.stop();
    await database.close();
    throw err;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down; waiting for running jobs');
    // Running jobs get STOP_TIMEOUT_MS; the whole shutdown ends within what service managers wait (10 s).
    const force = setTimeout(() => {
      log.error('worker shutdown took too long; exiting');
      process.exit(1);
    }, STOP_TIMEOUT_MS + 1_500);
    force.unref();
    Promise.resolve(metrics?.close())
      .then(() => queue.stop())
      .then(() => database.close())
      .then(
        () => {
          log.info({ signal }, 'worker stopped');
          process.exit(0);
        },
        (err: unknown) => {
          log.error({ err }, 'error while shutting down the worker');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  log.info({ concurrency: config.workerConcurrency }, 'Atlas of Buildings worker is running');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
