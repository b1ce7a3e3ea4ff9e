/**
 * Builds the app on a fresh database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database made from TEST_DATABASE_URL when TEST_DB_ENGINE=postgres (dropped after).
 * Under Vitest both start as copies of the run's migrated template (global-setup.ts); elsewhere
 * (bench/thumbnails.ts) they are migrated here.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createPostgresDatabase, type FreshDatabase } from './databases.ts';
import { lendPglite } from './pglite-pool.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export const usesPostgres = () => process.env.TEST_DB_ENGINE === 'postgres';

/** What global-setup.ts provided, or nothing outside Vitest. */
async function templates(): Promise<{ pgliteTemplateFile?: string; postgresTemplate?: string }> {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  return { pgliteTemplateFile: inject('pgliteTemplateFile'), postgresTemplate: inject('postgresTemplate') };
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/**
 * An in-memory PGlite as the run's migrated template made it: under Vitest an instance of this
 * worker's pool (pglite-pool.ts: opened from the template once, reset and checked each time it
 * is given back), elsewhere a fresh one that buildApp migrates.
 */
export async function openTestPglite(): Promise<Database> {
  pgliteTemplate ??= templates().then(async ({ pgliteTemplateFile }) =>
    pgliteTemplateFile ? new Blob([new Uint8Array(await fs.readFile(pgliteTemplateFile))]) : undefined,
  );
  const template = await pgliteTemplate;
  // TEST_PGLITE_THREAD=1: the test's PGlite runs in a worker thread, as the server's does.
  const pgliteThread = process.env.TEST_PGLITE_THREAD === '1';
  if (!template) return openDatabase({ pgliteThread });
  return lendPglite(() => openDatabase({ pgliteTemplate: template, pgliteThread }));
}

/** A new PostgreSQL database on TEST_DATABASE_URL's server: a copy of `template`, or empty without one. */
export async function freshPostgres(template?: string): Promise<FreshDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  return createPostgresDatabase(adminUrl, { prefix: 'atlas_test', template });
}

export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: Pick<BuildAppOptions, 'rateLimitClock'> & { config?: Partial<Config> } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-test-'));
  const pgDb = usesPostgres() ? await freshPostgres((await templates()).postgresTemplate) : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }),
    databaseUrl: pgDb?.url,
    webDir: undefined,
    ...options.config,
  };
  let database: Database | undefined;
  try {
    database = pgDb
      ? await openDatabase({ databaseUrl: pgDb.url, statementTimeoutMs: config.dbStatementTimeoutMs })
      : await openTestPglite();
    const app = await buildApp(config, { rateLimitClock: options.rateLimitClock, database, logger: false });
    return {
      app,
      config,
      async close() {
        await app.close();
        await pgDb?.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await pgDb?.drop();
    throw err;
  }
}
