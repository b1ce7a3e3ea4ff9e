/**
 * "Download my data" on S3 storage (s3rver on a loopback port): the originals are streamed from
 * the bucket into the ZIP byte for byte; an image whose object is gone is listed without a file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';

const BUCKET = 'atlas-media';

let s3rver: S3rver;
let s3Dir: string;
let t: TestApp;
let ada: { cookie: string };
let adaId: number;
let buildingId: number;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  t = await createTestApp({
    SEED: 'false',
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  ada = await signIn(t.app, 'ada');
  adaId = await userId(t.app.db, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Bucket House', adaId);
});
afterAll(async () => {
  await t?.close();
  await s3rver?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

async function imageWithKey(key: string): Promise<number> {
  const [row] = await t.app.db
    .insert(images)
    .values({
      building_id: buildingId,
      added_by: adaId,
      status: 'ready',
      image_type: 'exterior',
      storage_key: key,
      file_ext: '.gif',
    })
    .returning({ id: images.id });
  return row!.id;
}

describe('GET /api/users/{handle}/export on S3 storage', () => {
  it('streams each original from the bucket into the ZIP', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const bytes = crypto.randomBytes(200_000);
    const key = `originals/${buildingId}/${crypto.randomUUID()}.gif`;
    await t.app.storage.write(key, bytes, 'image/gif');
    const stored = await imageWithKey(key);
    const gone = await imageWithKey(`originals/${buildingId}/${crypto.randomUUID()}.gif`);

    const res = await t.app.inject({ method: 'GET', url: '/api/users/ada/export', headers: ada });
    expect(res.statusCode, res.body).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Buffer.from(zip[`images/${stored}.gif`]!).equals(bytes)).toBe(true);
    expect(zip[`images/${gone}.gif`]).toBeUndefined();
    const listed = JSON.parse(strFromU8(zip['images.json']!)) as { id: number; file: string | null }[];
    expect(listed).toEqual([
      expect.objectContaining({ id: stored, file: `images/${stored}.gif` }),
      expect.objectContaining({ id: gone, file: null, file_missing: 'not stored' }),
    ]);
  });
});
