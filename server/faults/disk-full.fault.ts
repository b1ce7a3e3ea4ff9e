/**
 * Fault: the disk of the local storage fills up. DATA_DIR is a small tmpfs of its own (`mount -t
 * tmpfs`, which needs root: CI runs as root), filled with a ballast file to a chosen free space,
 * so writes fail with a real ENOSPC from the kernel. An upload PUT that does not fit answers a 507
 * problem, keeps no partial file and leaves the image pending (the same URL works once there is
 * room); a thumbnail job that cannot write its renditions leaves no half-written rendition and
 * succeeds on its retry once there is room.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { UploadResponse } from '#domain/images';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { selectRows } from '../db/rows.ts';
import { images } from '../db/schema.ts';
import { signIn } from '../test/sessions.ts';
import { noisyPng, putFile, requestUpload } from '../test/images.ts';

const run = promisify(execFile);
const TMPFS_BYTES = 8 * 1024 * 1024;

let mountPoint: string;
let mounted = false;
let app: FastifyInstance;
let base: string;
let cookie: { cookie: string };
let buildingId: number;
const ballast = () => path.join(mountPoint, 'ballast');

/** Grows (or shrinks) the ballast file until `free` bytes are left on the tmpfs. */
async function leaveFree(free: number) {
  await fs.rm(ballast(), { force: true });
  const stats = await fs.statfs(mountPoint);
  const available = stats.bavail * stats.bsize;
  const size = Math.max(0, available - free);
  const handle = await fs.open(ballast(), 'w');
  try {
    // Written, not truncated: tmpfs allocates pages only for written data.
    const chunk = Buffer.alloc(1024 * 1024, 1);
    for (let written = 0; written < size; written += chunk.length) {
      await handle.write(chunk, 0, Math.min(chunk.length, size - written));
    }
  } finally {
    await handle.close();
  }
}

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function imageStatus(id: number): Promise<string | undefined> {
  const [row] = await app.db.select({ status: images.status }).from(images).where(eq(images.id, id));
  return row?.status;
}

beforeAll(async () => {
  mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-fault-disk-'));
  await run('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_BYTES},mode=0700`, 'tmpfs', mountPoint]);
  mounted = true;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mountPoint,
    UPLOAD_SIGNING_SECRET: 'disk-full-fault-test-secret-0123456789abcdef',
    AUTH_DEV_LOGIN: 'true',
  });
  // The database in memory: only the media folders live on the small disk.
  const database = await openDatabase({});
  app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
  cookie = await signIn(app, 'disk_full_user');
  const list = await app.inject({ method: 'GET', url: '/api/buildings/?per_page=1' });
  buildingId = list.json<{ items: { id: number }[] }>().items[0]!.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  // Lazily: the kernel detaches it now and frees it once nothing holds a file of it open.
  if (mounted) await run('umount', ['-l', mountPoint]);
  if (mountPoint) await fs.rm(mountPoint, { recursive: true, force: true });
});

describe('the local storage disk is full', () => {
  it('refuses an upload with a 507 problem, keeps no partial file, and takes it once there is room', async () => {
    const file = await noisyPng(700); // ≈ 1.5 MB, hardly compressible
    const res = await requestUpload(app, cookie, buildingId, [{ fileExt: '.png' }]);
    expect(res.statusCode).toBe(200);
    const session = res.json<UploadResponse>();
    const slot = session.uploadUrls[0]!;
    const imageId = session.images[0]!.id;

    await leaveFree(256 * 1024);
    const full = await putFile(base, slot.url, file, slot.content_type);
    expect(full.status).toBe(507);
    expect(full.headers.get('content-type')).toContain('application/problem+json');
    expect(await full.json()).toMatchObject({ status: 507, title: 'Insufficient Storage' });
    // No partial file, neither in place nor in the temporary folder; the image waits as before.
    expect(await filesUnder(path.join(mountPoint, 'media'))).toEqual([]);
    expect(await filesUnder(path.join(mountPoint, 'media-private'))).toEqual([]);
    expect(await filesUnder(path.join(mountPoint, 'media-tmp'))).toEqual([]);
    expect(await imageStatus(imageId)).toBe('pending');

    await fs.rm(ballast());
    const again = await putFile(base, slot.url, file, slot.content_type);
    expect(again.status).toBe(204);
    // The upload is kept privately (never served) until the thumbnail job makes its renditions.
    expect(await filesUnder(path.join(mountPoint, 'media'))).toEqual([]);
    const stored = await filesUnder(path.join(mountPoint, 'media-private'));
    expect(stored).toHaveLength(1);
    expect((await fs.stat(path.join(mountPoint, 'media-private', stored[0]!))).size).toBe(file.length);
  });

  it('a thumbnail job that cannot write its renditions leaves none half-written and succeeds on its retry', async () => {
    // A noisy photo: its WebP renditions are large, so they cannot fit in what is left.
    const file = await sharp(await noisyPng(1800))
      .jpeg({ quality: 95 })
      .toBuffer();
    const res = await requestUpload(app, cookie, buildingId, [{ fileExt: '.jpg' }]);
    const session = res.json<UploadResponse>();
    const slot = session.uploadUrls[0]!;
    const imageId = session.images[0]!.id;
    expect((await putFile(base, slot.url, file, slot.content_type)).status).toBe(204);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: cookie,
      payload: { successfulIds: [imageId], failedIds: [] },
    });
    expect(confirm.statusCode).toBe(200);
    const before = await filesUnder(path.join(mountPoint, 'media'));

    await leaveFree(16 * 1024);
    const processing = await app.inject({
      method: 'POST',
      url: '/api/images/process-uploaded',
      headers: cookie,
      payload: { imageIds: [imageId] },
    });
    expect(processing.statusCode).toBe(200);
    const taskId = processing.json<{ results: { task_id: string }[] }>().results[0]!.task_id;

    // Wait for the first attempt to fail (pg-boss schedules a retry).
    let retries = 0;
    for (let i = 0; i < 300 && retries === 0; i++) {
      const [row] = await selectRows<{ retry_count: number }>(
        app.db,
        sql`SELECT retry_count FROM pgboss.job WHERE id = ${taskId}`,
      );
      retries = Number(row?.retry_count ?? 0);
      if (retries === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(retries).toBeGreaterThan(0);
    // Whatever did not fit left nothing behind: no rendition file, nothing in the temporary folder.
    expect(await filesUnder(path.join(mountPoint, 'media'))).toEqual(before);
    expect(await filesUnder(path.join(mountPoint, 'media-tmp'))).toEqual([]);
    expect(await imageStatus(imageId)).toMatch(/^(uploaded|processing)$/);

    // Room again: the retry (about 5 s later) writes whole renditions and the image is ready.
    await fs.rm(ballast());
    let status: string | undefined;
    for (let i = 0; i < 300 && status !== 'ready'; i++) {
      status = await imageStatus(imageId);
      if (status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('ready');
    const after = (await filesUnder(path.join(mountPoint, 'media'))).filter((f) => !before.includes(f));
    expect(after).toHaveLength(2);
    for (const rendition of after) {
      // From a buffer: libvips would keep an opened file in its cache (and the disk busy).
      const meta = await sharp(await fs.readFile(path.join(mountPoint, 'media', rendition))).metadata();
      expect(meta.format).toBe('webp');
    }
    expect(await filesUnder(path.join(mountPoint, 'media-tmp'))).toEqual([]);
  }, 60_000);
});
