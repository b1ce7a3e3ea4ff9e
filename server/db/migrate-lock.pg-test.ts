/**
 * Several processes that start at once on an empty PostgreSQL database (API processes and
 * workers of a release, each migrating at start) must all start: the migrations run once, one
 * process at a time, under an advisory lock. (*.pg-test.ts: PostgreSQL only.)
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL!;
const database = `atlas_migrate_lock_${crypto.randomBytes(4).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const databaseUrl = url.toString();

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(() => admin((c) => c.query(`CREATE DATABASE ${database}`)));
afterAll(() => admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)));

/** `npm run db:migrate` (what every process runs at start), as a process of its own. */
function migrateProcess(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/db/cli.ts', 'migrate'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('migrations on an empty PostgreSQL database', () => {
  it('run from four processes at the same moment: every one succeeds and the schema is complete', async () => {
    const results = await Promise.all([
      migrateProcess(),
      migrateProcess(),
      migrateProcess(),
      migrateProcess(),
    ]);
    for (const result of results) expect(result, result.output).toMatchObject({ code: 0 });

    const journal = JSON.parse(
      fs.readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const applied = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const tables = await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      expect(tables.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['buildings', 'users', 'images', 'comments', 'votes']),
      );
      // No lock is left behind by a process that has exited.
      const locks = await client.query(
        `SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(locks.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
