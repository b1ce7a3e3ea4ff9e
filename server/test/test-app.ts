/**
 * Builds the app on a fresh database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database made from TEST_DATABASE_URL when TEST_DB_ENGINE=postgres (dropped after).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export const usesPostgres = () => process.env.TEST_DB_ENGINE === 'postgres';

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `atlas_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-test-'));
  const pgDb = usesPostgres() ? await freshPostgres() : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }),
    databaseUrl: pgDb?.url,
    webDir: undefined,
  };
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: pgDb?.url, dataDir: undefined });
    const app = await buildApp(config, { database, logger: false });
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
