import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { emptyClusterFile } from './pglite-cluster.ts';
import { selectRows } from './rows.ts';
import { architecturalStyles } from './schema.ts';

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function setting(database: Database, name: 'shared_buffers' | 'max_connections'): Promise<string> {
  const [row] = await selectRows<{ setting: string }>(
    database.db,
    sql`SELECT current_setting(${name}) AS setting`,
  );
  return row!.setting;
}

/** The run's migrated template (server/test/global-setup.ts): a data directory initdb made. */
function template(): Blob {
  const file = inject('pgliteTemplateFile');
  if (!file) throw new Error('no PGlite template: run under the server project');
  return new Blob([new Uint8Array(fs.readFileSync(file))]);
}

describe('openDatabase on PGlite', () => {
  it('runs with a small buffer pool instead of the 128 MB initdb writes into postgresql.conf', async () => {
    const database = await openDatabase({ pgliteTemplate: template() });
    opened.push(database);
    expect(await setting(database, 'shared_buffers')).toBe('16MB');
    expect(await setting(database, 'max_connections')).toBe('5');
  });

  it('takes the buffer pool size from PGLITE_SHARED_BUFFERS_MB', async () => {
    const database = await openDatabase({ pgliteTemplate: template(), pgliteSharedBuffersMb: 48 });
    opened.push(database);
    expect(await setting(database, 'shared_buffers')).toBe('48MB');
  });

  it('initialises an empty data directory (in a child process), migrates it and reopens it with the data kept', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-client-test-'));
    dirs.push(dataDir);
    // No empty cluster from the build in this folder: initdb runs.
    const noCluster = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-client-no-cluster-'));
    dirs.push(noCluster);
    const first = await openDatabase({ dataDir, pgliteClusterDir: noCluster });
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    // initdb wrote PostgreSQL's default into the file; the start parameter overrides it.
    expect(fs.readFileSync(path.join(dataDir, 'db', 'postgresql.conf'), 'utf8')).toMatch(
      /^shared_buffers = 128MB/m,
    );
    expect(await setting(first, 'shared_buffers')).toBe('16MB');
    await first.migrate();
    await first.db.insert(architecturalStyles).values({ name: 'Kept across a restart' });
    await first.close();

    const second = await openDatabase({ dataDir, pgliteClusterDir: noCluster });
    opened.push(second);
    const rows = await second.db
      .select()
      .from(architecturalStyles)
      .where(eq(architecturalStyles.name, 'Kept across a restart'));
    expect(rows).toHaveLength(1);
  }, 120_000);

  it("unpacks the build's empty cluster into an empty data directory instead of running initdb", async () => {
    // A stand-in for the build's cluster that initdb could not have made: an already migrated one.
    const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-client-cluster-'));
    dirs.push(clusterDir);
    fs.writeFileSync(await emptyClusterFile(clusterDir), new Uint8Array(await template().arrayBuffer()));

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-client-test-'));
    dirs.push(dataDir);
    const database = await openDatabase({ dataDir, pgliteClusterDir: clusterDir });
    opened.push(database);
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    // The tables are there before any migration: the directory is the unpacked cluster.
    const [count] = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM architectural_styles`,
    );
    expect(count!.n).toBe(0);
    expect(await setting(database, 'shared_buffers')).toBe('16MB');
    await database.migrate();
    await database.db.insert(architecturalStyles).values({ name: 'On the unpacked cluster' });
    expect(
      await database.db
        .select()
        .from(architecturalStyles)
        .where(eq(architecturalStyles.name, 'On the unpacked cluster')),
    ).toHaveLength(1);
  }, 120_000);
});
