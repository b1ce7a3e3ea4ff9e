/**
 * `npm run backup [-- <backups folder>]`: a consistent snapshot of the embedded setup's DATA_DIR
 * (PGlite database, local media, the upload signing secret) while the server is stopped.
 * `npm run backup -- restore <snapshot folder>`: puts a snapshot into an empty DATA_DIR.
 *
 * The database is saved with PGlite's dumpDataDir (a tar of its data directory, written by the
 * database itself after a clean open) rather than by copying files, so a snapshot taken after a
 * crash is still consistent. PGlite lets one process at a time use its directory, so the server
 * must be stopped: a running server is recognised by its postmaster.pid (a crash leaves a stale one;
 * `--force` ignores it then). On PostgreSQL (DATABASE_URL) use pg_dump instead (docs/deploy.md).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';
import { ownerOnlyFiles, tightenDataDir } from '../server/data-dir.ts';
import { loadEnvFile } from '../server/env-file.ts';
import { openPglite } from '../server/db/pglite.ts';

export const DB_ARCHIVE = 'db.tar.gz';
export const MANIFEST = 'manifest.json';
/** DATA_DIR entries a snapshot leaves out: the database (archived separately) and half-written uploads. */
const SKIPPED = new Set(['db', 'media-tmp']);

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

interface Manifest {
  kind: 'atlas-data-dir';
  createdAt: string;
  database: string;
  files: string[];
}

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

/** Writes a snapshot folder under `backupsDir` and returns its path. */
export async function backupDataDir(
  dataDir: string,
  backupsDir: string,
  opts: { force?: boolean; now?: Date } = {},
): Promise<string> {
  const dbDir = path.join(dataDir, 'db');
  if (!(await exists(path.join(dbDir, 'PG_VERSION')))) {
    throw new BackupError(`No embedded database in ${dbDir}.`);
  }
  if ((await exists(path.join(dbDir, 'postmaster.pid'))) && !opts.force) {
    throw new BackupError(
      `The database in ${dbDir} is in use (postmaster.pid): stop the server first. ` +
        'If it crashed, the file is stale: run again with --force.',
    );
  }
  const stamp = (opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const target = path.join(path.resolve(backupsDir), `atlas-${stamp}`);
  if (await exists(target)) throw new BackupError(`${target} already exists.`);
  // Written under a temporary name and renamed at the end: a folder named atlas-… is complete.
  const partial = `${target}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(partial, { recursive: true });
  try {
    const pglite = await openPglite(dbDir);
    try {
      const dump = await pglite.dumpDataDir('gzip');
      await fs.writeFile(path.join(partial, DB_ARCHIVE), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
      // Opening the database rewrites files such as pg_internal.init, with group/other bits.
      await tightenDataDir(dbDir);
    }
    const files: string[] = [];
    const insideDataDir = path.relative(dataDir, partial);
    for (const entry of await fs.readdir(dataDir)) {
      if (SKIPPED.has(entry)) continue;
      // A backups folder inside DATA_DIR is not backed up into itself.
      if (!insideDataDir.startsWith('..') && insideDataDir.split(path.sep)[0] === entry) continue;
      await fs.cp(path.join(dataDir, entry), path.join(partial, 'files', entry), { recursive: true });
      files.push(entry);
    }
    const manifest: Manifest = {
      kind: 'atlas-data-dir',
      createdAt: (opts.now ?? new Date()).toISOString(),
      database: DB_ARCHIVE,
      files,
    };
    await fs.writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // The copies keep their sources' modes (fs.cp): a snapshot is the owner's only, as DATA_DIR.
    await tightenDataDir(partial);
    await fs.rename(partial, target);
    return target;
  } catch (err) {
    await fs.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Restores a snapshot into `dataDir`, which must not hold a database yet. */
export async function restoreDataDir(snapshotDir: string, dataDir: string): Promise<void> {
  const manifestText = await fs.readFile(path.join(snapshotDir, MANIFEST), 'utf8').catch(() => {
    throw new BackupError(`${snapshotDir} is not a snapshot (no ${MANIFEST}).`);
  });
  const manifest = JSON.parse(manifestText) as Partial<Manifest>;
  if (manifest.kind !== 'atlas-data-dir' || !Array.isArray(manifest.files)) {
    throw new BackupError(`${snapshotDir} is not a snapshot of a data directory.`);
  }
  const dbDir = path.join(dataDir, 'db');
  if (await exists(dbDir)) {
    throw new BackupError(`${dbDir} exists: restore into an empty DATA_DIR (move the old one aside first).`);
  }
  await fs.mkdir(dbDir, { recursive: true });
  const archive = await fs.readFile(path.join(snapshotDir, DB_ARCHIVE));
  const pglite = await openPglite(dbDir, { loadDataDir: new Blob([new Uint8Array(archive)]) });
  try {
    await pglite.query('SELECT 1');
  } finally {
    await pglite.close();
  }
  for (const entry of manifest.files) {
    if (entry.includes('/') || entry.includes('\\') || entry === '..' || SKIPPED.has(entry)) continue;
    await fs.cp(path.join(snapshotDir, 'files', entry), path.join(dataDir, entry), {
      recursive: true,
      errorOnExist: true,
      force: false,
    });
  }
  // PGlite unpacks the archive with each file's 0666, and the copies keep the snapshot's modes.
  await tightenDataDir(dataDir);
}

async function main(args: string[]) {
  ownerOnlyFiles();
  loadEnvFile();
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (and the bucket or media folder); see docs/deploy.md.',
    );
  }
  const force = args.includes('--force');
  const positional = args.filter((a) => a !== '--force');
  if (positional[0] === 'restore') {
    const snapshot = positional[1];
    if (!snapshot) throw new BackupError('usage: npm run backup -- restore <snapshot folder>');
    await restoreDataDir(path.resolve(snapshot), config.dataDir);
    console.log(`restored ${snapshot} into ${config.dataDir}`);
    return;
  }
  const target = await backupDataDir(
    config.dataDir,
    positional[0] ?? path.join(config.dataDir, '..', 'backups'),
    {
      force,
    },
  );
  console.log(`snapshot of ${config.dataDir} written to ${target}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
