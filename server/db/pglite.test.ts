/** Every PGlite open loads the search extensions, so a reopened data directory still takes writes. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';
import { emptyClusterFile } from './pglite-cluster.ts';
import { selectRows } from './rows.ts';
import { architects } from './schema.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('openDatabase on a PGlite data directory', () => {
  it('writes and searches after a reopen (the extensions are loaded at every open)', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-pglite-'));
    dirs.push(dataDir);
    // The data directory starts as the run's migrated template (server/test/global-setup.ts),
    // unpacked as the build's empty cluster would be: no initdb, no migrations to wait for.
    const clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-pglite-cluster-'));
    dirs.push(clusterDir);
    const templateFile = inject('pgliteTemplateFile');
    if (!templateFile) throw new Error('no PGlite template: run under the server project');
    await fs.copyFile(templateFile, await emptyClusterFile(clusterDir));
    const first = await openDatabase({ dataDir, pgliteClusterDir: clusterDir });
    await first.migrate();
    await first.db.insert(architects).values({ name: 'Alvar Aalto' });
    await first.close();

    // Without the bundle the data directory cannot take the insert: why openPglite exists.
    const bare = new PGlite(path.join(dataDir, 'db'));
    await expect(bare.query(`INSERT INTO architects (name) VALUES ('Aino Aalto')`)).rejects.toThrow();
    await bare.close();

    const again = await openDatabase({ dataDir, pgliteClusterDir: clusterDir });
    await again.migrate();
    await again.db.insert(architects).values({ name: 'Aino Aalto' });
    const res = await selectRows<{ name: string }>(
      again.db,
      sql`SELECT name FROM architects WHERE 'aalto' <% name_key ORDER BY name`,
    );
    expect(res.map((r) => r.name)).toEqual(['Aino Aalto', 'Alvar Aalto']);
    await again.close();
  });
});
