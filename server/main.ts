/** Starts the server: validated config, migrations, seed, then listen. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ownerOnlyFiles, tightenDataDir } from './data-dir.ts';
import { loadEnvFile } from './env-file.ts';
import { warmPlacesIndex } from './modules/search/places-index.ts';

/** A shutdown that has not finished by then exits anyway, within what service managers wait (10 s). */
const SHUTDOWN_DEADLINE_MS = 9_500;

async function main() {
  ownerOnlyFiles();
  const envFile = loadEnvFile();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  // After the database opened: a first start's unpacked cluster, and an older install's files.
  const tightened = await tightenDataDir(config.dataDir);
  if (tightened > 0) app.log.info({ tightened }, 'DATA_DIR: group and other permissions removed');
  if (envFile) app.log.info({ envFile }, 'variables not set in the environment were read from .env');

  // SIGTERM (systemd, a container runtime, `kill`) and SIGINT (Ctrl-C) reach this process
  // through npm, which forwards them to its script (`exec` in package.json's start, so no shell
  // sits between them). app.close() stops accepting at once, lets requests in flight finish, then
  // its onClose hooks stop the job queue (running jobs end first) and close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections; finishing requests and jobs');
    const force = setTimeout(() => {
      app.log.error({ signal }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    app.close().then(
      () => {
        app.log.info({ signal }, 'stopped');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Atlas of Buildings is running at ${config.publicUrl}`);
  if (app.metrics) {
    const { address, port } = await app.metrics.listen();
    app.log.info({ address, port }, 'Prometheus metrics at /metrics on their own port (METRICS_PORT)');
  }
  // The search's gazetteer, loaded now rather than by the first search (which waited ≈ 1.3 s), in
  // slices that leave the event loop free for requests in between.
  void warmPlacesIndex().then((ms) => app.log.info({ ms: Math.round(ms) }, 'places for search loaded'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
