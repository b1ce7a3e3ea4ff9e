/**
 * The production topology on one machine: 2 API processes (WORKER=false) and a worker process
 * (`npm run worker`) on one fresh PostgreSQL database, with S3-compatible storage (s3rver).
 * - a session made on one API process works on the other (sessions live in the database);
 * - an image uploaded through one process is processed by the worker and served through the other;
 * - a worker killed in the middle of a job: a fresh worker retries the job and finishes it;
 * - deleting the account removes its image's files (original and renditions) from the bucket.
 * Jobs wait JOB_TEST_DELAY_MS before running so the kill lands mid-job. pg-boss gives a dead
 * worker's job back once the job's expiry has passed (5 minutes for thumbnails); the test shortens
 * that expiry in the database instead of waiting, and runs queue maintenance every second.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/auth';
import type { Image, UploadResponse } from '#domain/images';
import { createPostgresDatabase, type FreshDatabase } from '../server/test/databases.ts';
import { exited, startApi, startWorker, stop, waitFor, type Proc } from './processes.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUCKET = 'atlas-cluster';
const JOB_DELAY_MS = 3_000;

let workDir: string;
let database: FreshDatabase | undefined;
let dbUrl: string;
let sql: pg.Client;
let s3rver: S3rver;
let env: NodeJS.ProcessEnv;
let apiA: Proc;
let apiB: Proc;
let worker: Proc | undefined;
let freshWorker: Proc | undefined;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-cluster-'));
  database = await createPostgresDatabase(ADMIN_URL, { prefix: 'atlas_cluster' });
  dbUrl = database.url;

  await fs.mkdir(path.join(workDir, 's3'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(workDir, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();

  env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    DATABASE_URL: dbUrl,
    // Each process its own DATA_DIR: nothing may be shared but the database and the bucket.
    SEED: 'false',
    WORKER: 'false',
    AUTH_DEV_LOGIN: 'true',
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
    JOB_TEST_DELAY_MS: String(JOB_DELAY_MS),
    GOOGLE_CLIENT_ID: '',
    TEST_DATABASE_URL: '',
    TEST_DB_ENGINE: '',
  };
  const dataDir = (name: string) => ({ DATA_DIR: path.join(workDir, name) });
  // The first process migrates the empty database; the others start on a migrated one (as in
  // production, where `npm run db:migrate` runs before a rollout).
  apiA = await startApi('api-a', { ...env, ...dataDir('api-a') }, workDir);
  apiB = await startApi('api-b', { ...env, ...dataDir('api-b') }, workDir);
  worker = startWorker('worker-1', { ...env, ...dataDir('worker-1') }, workDir);

  sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
});

afterAll(async () => {
  await Promise.all([stop(worker), stop(freshWorker), stop(apiA), stop(apiB)]);
  await sql?.end();
  await s3rver?.close();
  await database?.drop();
  await fs.rm(workDir, { recursive: true, force: true });
});

const api = (proc: Proc) => proc.url!;

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

function post(proc: Proc, url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${api(proc)}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function jobRow(id: string) {
  const { rows } = await sql.query<{ state: string; retry_count: number }>(
    'SELECT state, retry_count FROM pgboss.job WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** Every object file s3rver holds in the bucket, as paths relative to its directory. */
async function bucketFiles(): Promise<string[]> {
  const entries = await fs.readdir(path.join(workDir, 's3', BUCKET), {
    recursive: true,
    withFileTypes: true,
  });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('two API processes and a worker on PostgreSQL and S3', () => {
  let cookie: string;
  let buildingId: number;
  let imageId: number;

  it('signs in on one process and uses the session on the other', async () => {
    const res = await post(apiA, '/api/auth/dev', { handle: 'cluster_ada' });
    await json(res, 'dev sign-in on api-a');
    const value = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(value).toBeTruthy();
    cookie = value!;

    const onB = await json<{ logged_in: boolean; user: { handle: string } | null }>(
      await fetch(`${api(apiB)}/api/auth/check-login`, { headers: { cookie } }),
      'check-login on api-b',
    );
    expect(onB).toMatchObject({ logged_in: true, user: { handle: 'cluster_ada' } });
    const signedOut = await json<{ logged_in: boolean }>(
      await fetch(`${api(apiB)}/api/auth/check-login`),
      'check-login without a cookie',
    );
    expect(signedOut.logged_in).toBe(false);
  });

  it('uploads through one process; a worker killed mid-job is replaced and the image is served by the other', async () => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO buildings (name, lng, lat, added_by)
       VALUES ('Cluster Hall', 13.4, 52.5, (SELECT id FROM users WHERE handle = 'cluster_ada')) RETURNING id`,
    );
    buildingId = rows[0]!.id;

    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 90, b: 30 } },
    })
      .png()
      .toBuffer();
    const session = await json<UploadResponse>(
      await post(
        apiA,
        '/api/images/upload',
        {
          buildingId,
          metadata: [
            // S3 upload URLs are signed for the file's size.
            {
              description: 'facade',
              captureYear: 2020,
              type: 'exterior',
              fileExt: '.png',
              fileSize: png.length,
            },
          ],
        },
        cookie,
      ),
      'upload request on api-a',
    );
    const slot = session.uploadUrls[0]!;
    const put = await fetch(new URL(slot.url, api(apiA)), {
      method: 'PUT',
      body: new Uint8Array(png),
      headers: { 'content-type': slot.content_type },
    });
    expect(put.status, await put.text()).toBeLessThan(300);
    imageId = session.images[0]!.id;
    await json(
      await post(apiA, '/api/images/confirm-upload', { successfulIds: [imageId], failedIds: [] }, cookie),
      'confirm on api-a',
    );
    const processing = await json<{ results: { task_id: string }[] }>(
      await post(apiA, '/api/images/process-uploaded', { imageIds: [imageId] }, cookie),
      'process-uploaded on api-a',
    );
    const taskId = processing.results[0]!.task_id;

    // The worker takes the job and is killed while it runs (the job waits JOB_DELAY_MS first).
    await waitFor(
      'the worker to start the job',
      worker,
      async () => (await jobRow(taskId))?.state === 'active',
    );
    await stop(worker, 'SIGKILL');
    expect(exited(worker!)).toBe(true);
    expect(await jobRow(taskId)).toMatchObject({ state: 'active', retry_count: 0 });
    const status = async (proc: Proc) =>
      (
        await json<{ status: string }>(
          await fetch(`${api(proc)}/api/images/processing-status/${taskId}`),
          'processing status',
        )
      ).status;
    expect(await status(apiB)).toBe('STARTED');

    // Time passes: the job's expiry (5 minutes) is over, so maintenance hands it back for a retry.
    const { rows: expiry } = await sql.query<{ expire_in: string }>(
      'SELECT expire_in::text FROM pgboss.job WHERE id = $1',
      [taskId],
    );
    await sql.query(`UPDATE pgboss.job SET expire_in = interval '1 second' WHERE id = $1`, [taskId]);
    await waitFor("the dead worker's job to be given back", undefined, async () => {
      const row = await jobRow(taskId);
      return row?.state === 'retry';
    });
    // The retry gets the job's usual expiry back, or it would expire again mid-run.
    await sql.query('UPDATE pgboss.job SET expire_in = $2::interval WHERE id = $1', [
      taskId,
      expiry[0]!.expire_in,
    ]);

    freshWorker = startWorker('worker-2', { ...env, DATA_DIR: path.join(workDir, 'worker-2') }, workDir);
    await waitFor(
      'the fresh worker to finish the job',
      freshWorker,
      async () => (await status(apiB)) === 'SUCCESS',
      90_000,
    );
    const finished = await jobRow(taskId);
    expect(finished?.retry_count).toBeGreaterThanOrEqual(1);

    const image = await json<Image>(
      await fetch(`${api(apiB)}/api/images/${imageId}`, { headers: { cookie } }),
      'image on api-b',
    );
    expect(image).toMatchObject({ status: 'ready', width: 900, height: 600, building_id: buildingId });
    const rendition = await fetch(new URL(image.url, api(apiB)));
    expect(rendition.status).toBe(200);
    const meta = await sharp(Buffer.from(await rendition.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(400);
  });

  it('deletes the account through one process: its image files leave the bucket', async () => {
    const { rows } = await sql.query<{ storage_key: string; renditions: Record<string, string> }>(
      'SELECT storage_key, renditions FROM images WHERE id = $1',
      [imageId],
    );
    const keys = [rows[0]!.storage_key, ...Object.values(rows[0]!.renditions)];
    expect(keys.length).toBeGreaterThanOrEqual(3);
    const held = (files: string[], key: string) =>
      files.some((f) => f.includes(path.basename(key).split('.')[0]!));
    const before = await bucketFiles();
    for (const key of keys) expect(held(before, key), key).toBe(true);

    const res = await fetch(`${api(apiB)}/api/users/cluster_ada`, { method: 'DELETE', headers: { cookie } });
    expect(res.status, await res.text()).toBe(204);
    const after = await bucketFiles();
    for (const key of keys) expect(held(after, key), key).toBe(false);
    const { rows: queued } = await sql.query('SELECT storage_key FROM file_deletions');
    expect(queued).toEqual([]);
    const { rows: building } = await sql.query<{ added_by: number | null; image_count: number }>(
      'SELECT added_by, image_count FROM buildings WHERE id = $1',
      [buildingId],
    );
    // Credited to the system account (created on demand), no image left.
    expect(building[0]!.image_count).toBe(0);
    expect(building[0]!.added_by).not.toBeNull();
  });
});
