import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client.ts';
import { buildings } from '../server/db/schema.ts';
import { backupDataDir, BackupError, DB_ARCHIVE, restoreDataDir } from './backup.ts';

/** Paths under `dir` (itself included) that a group or other account may read, write or enter. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (p: string) => {
    const stat = await fs.lstat(p);
    if (stat.mode & 0o077) found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of await fs.readdir(p)) await visit(path.join(p, name));
  };
  await visit(dir);
  return found;
}

let root: string;
let dataDir: string;
let backupsDir: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-backup-'));
  dataDir = path.join(root, 'data');
  backupsDir = path.join(root, 'backups');
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await database.db.insert(buildings).values({ name: 'Backed-up Hall', lng: 4.9, lat: 52.37 });
  await database.close();
  await fs.mkdir(path.join(dataDir, 'media', 'buildings', '1'), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'media', 'buildings', '1', 'a.jpg'), 'jpeg bytes');
  await fs.writeFile(path.join(dataDir, 'upload-signing-secret'), 'secret');
  await fs.mkdir(path.join(dataDir, 'media-tmp'), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'media-tmp', 'x.part'), 'half');
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('npm run backup on the embedded data directory', () => {
  let snapshot: string;

  it('refuses while the database is in use', async () => {
    const pid = path.join(dataDir, 'db', 'postmaster.pid');
    await fs.writeFile(pid, '1\n');
    try {
      await expect(backupDataDir(dataDir, backupsDir)).rejects.toThrow(BackupError);
      await expect(backupDataDir(dataDir, backupsDir)).rejects.toThrow(/stop the server/);
      expect(await fs.readdir(backupsDir).catch(() => [])).toEqual([]);
    } finally {
      await fs.rm(pid, { force: true });
    }
  });

  it('writes the database archive, media and secret, without half-written uploads', async () => {
    snapshot = await backupDataDir(dataDir, backupsDir, { now: new Date('2026-11-22T03:00:00Z') });
    expect(path.basename(snapshot)).toBe('atlas-2026-11-22T03-00-00-000Z');
    expect((await fs.stat(path.join(snapshot, DB_ARCHIVE))).size).toBeGreaterThan(1000);
    expect(await fs.readFile(path.join(snapshot, 'files', 'media', 'buildings', '1', 'a.jpg'), 'utf8')).toBe(
      'jpeg bytes',
    );
    expect(await fs.readdir(path.join(snapshot, 'files'))).toEqual(
      expect.not.arrayContaining(['db', 'media-tmp']),
    );
    expect(await fs.readdir(backupsDir)).toEqual([path.basename(snapshot)]);
    // The media and secret were written 0644 (this process's umask): their copies are not.
    expect(await openToOthers(snapshot)).toEqual([]);
  });

  it('restores into an empty data directory, and refuses one that has a database', async () => {
    const restored = path.join(root, 'restored');
    await restoreDataDir(snapshot, restored);
    // PGlite unpacks the archive's files 0666; the restore leaves them the owner's only.
    expect(await openToOthers(restored)).toEqual([]);
    const database = await openDatabase({ dataDir: restored });
    try {
      const rows = await database.db.select().from(buildings).where(eq(buildings.name, 'Backed-up Hall'));
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
    expect(await fs.readFile(path.join(restored, 'media', 'buildings', '1', 'a.jpg'), 'utf8')).toBe(
      'jpeg bytes',
    );
    expect(await fs.readFile(path.join(restored, 'upload-signing-secret'), 'utf8')).toBe('secret');
    await expect(restoreDataDir(snapshot, restored)).rejects.toThrow(/exists/);
    await expect(restoreDataDir(path.join(root, 'nothing'), path.join(root, 'r2'))).rejects.toThrow(
      /not a snapshot/,
    );
  });
});
