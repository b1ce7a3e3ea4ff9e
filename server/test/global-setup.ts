/**
 * Vitest global setup of the unit and API projects: migrates once per run instead of once per
 * test file. The `unit` project gets a migrated PGlite data directory (a tarball in a temporary
 * file, removed after the run); `api-postgres` gets a migrated template database on the
 * PostgreSQL server (kept between runs, named by a hash of the migrations). createTestApp
 * (test-app.ts) starts each file's database from them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from '../db/client.ts';
import { ensurePostgresTemplate } from './databases.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A `dumpDataDir` tarball of a migrated PGlite (unit project). */
    pgliteTemplateFile?: string;
    /** A migrated template database on TEST_DATABASE_URL's server (api-postgres project). */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (project.config.env?.TEST_DB_ENGINE === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
    project.provide('postgresTemplate', await ensurePostgresTemplate(adminUrl));
    return undefined;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const template = await createPgliteTemplate();
  await fs.writeFile(file, new Uint8Array(await template.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
