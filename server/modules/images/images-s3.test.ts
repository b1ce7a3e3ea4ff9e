/**
 * The upload sequence on S3 storage, against s3rver (an S3-protocol server) on a loopback port.
 * s3rver checks presigned URLs' expiry but not their V4 signatures, so the app talks to it through
 * a proxy that checks them as S3 does (test/s3-signature-proxy.ts): a PUT of another size or type
 * than the signed one is refused.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, UploadResponse } from '#domain/images';
import { buildings, images } from '../../db/schema.ts';
import { S3Storage } from '../../storage/s3-storage.ts';
import { startSignatureProxy } from '../../test/s3-signature-proxy.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import {
  jpegWithExif,
  noisyPng,
  putFile,
  requestUpload,
  smallGif,
  uploadAndProcess,
  widePng,
} from '../../test/images.ts';

const BUCKET = 'atlas-media';
const MAX_BYTES = 256 * 1024;

let s3rver: S3rver;
let proxy: { url: string; close: () => Promise<void> };
let s3Dir: string;
let endpoint: string;
let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
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
  proxy = await startSignatureProxy(`http://127.0.0.1:${port}`, () => storage().client);
  endpoint = proxy.url;
  t = await createTestApp({
    SEED: 'false',
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    MAX_UPLOAD_BYTES: String(MAX_BYTES),
  });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  buildingId = await insertBuilding(t.app.db, 'Bucket House', await userId(t.app.db, 'ada'));
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await s3rver?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

const storage = () => t.app.storage as S3Storage;
const objectExists = (key: string) =>
  storage()
    .client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
    .then(
      () => true,
      () => false,
    );

async function imageRow(id: number) {
  const [row] = await t.app.db.select().from(images).where(eq(images.id, id));
  return row;
}

async function getImage(id: number, who = ada) {
  const res = await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: who });
  return res.json<Image>();
}

describe('the upload sequence on S3 storage', () => {
  it('uploads through presigned URLs and writes renditions to the bucket', async () => {
    const files = [
      { data: await jpegWithExif(), fileExt: '.jpg' as const },
      { data: await widePng(), fileExt: '.png' as const, captureYear: 2001 },
      { data: await smallGif(), fileExt: '.gif' as const },
    ];
    const { ids, statuses, session } = await uploadAndProcess(t.app, endpoint, ada, buildingId, files);
    expect(statuses).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    for (const slot of session.uploadUrls) {
      const url = new URL(slot.url);
      expect(url.origin).toBe(endpoint);
      expect(url.pathname).toMatch(
        new RegExp(`^/${BUCKET}/originals/${buildingId}/[0-9a-f-]{36}\\.(jpg|png|gif)$`),
      );
      // Content-Length and Content-Type are part of the signature, and no checksum of an empty body is.
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(900);
      expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    }

    const sizes = [
      { width: 400, height: 600, small: [267, 400], large: [400, 600], year: 1998 },
      { width: 2000, height: 1000, small: [400, 200], large: [1600, 800], year: 2001 },
      { width: 120, height: 90, small: [120, 90], large: [120, 90], year: null },
    ];
    for (const [i, id] of ids.entries()) {
      const image = await getImage(id);
      expect(image).toMatchObject({
        status: 'ready',
        width: sizes[i]!.width,
        height: sizes[i]!.height,
        capture_year: sizes[i]!.year,
      });
      expect(image.url.startsWith(`${endpoint}/${BUCKET}/images/`)).toBe(true);
      for (const [url, size] of [
        [image.url, sizes[i]!.small],
        [image.url_large, sizes[i]!.large],
      ] as const) {
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual(size);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
      // The original (GPS and all) is kept under the private prefix; renditions share nothing with its key.
      const row = (await imageRow(id))!;
      expect(row.storage_key.startsWith(`originals/${buildingId}/`)).toBe(true);
      expect(await objectExists(row.storage_key)).toBe(true);
      const uuid = /[0-9a-f-]{36}/.exec(row.storage_key)![0];
      for (const key of Object.values(row.renditions)) {
        expect(key).toMatch(new RegExp(`^images/${buildingId}/[0-9a-f-]{36}-\\d+\\.webp$`));
        expect(key).not.toContain(uuid);
      }
    }
    // Under the public prefix there are renditions only: no original, no file being uploaded.
    const listed = await storage().client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'images/' }),
    );
    const publicKeys = (listed.Contents ?? []).map((o) => o.Key!);
    expect(publicKeys.length).toBeGreaterThanOrEqual(6);
    for (const key of publicKeys) expect(key).toMatch(/-\d+\.webp$/);
    const [building] = await t.app.db
      .select({ image_count: buildings.image_count })
      .from(buildings)
      .where(eq(buildings.id, buildingId));
    expect(building!.image_count).toBe(3);
  });

  it('fails a text file named .jpg', async () => {
    const { ids, statuses } = await uploadAndProcess(t.app, endpoint, ada, buildingId, [
      { data: Buffer.from('plain text'), fileExt: '.jpg' },
    ]);
    expect(statuses).toEqual(['FAILURE']);
    expect(await getImage(ids[0]!)).toMatchObject({ status: 'failed' });
  });

  it('bounds the size of an upload: the URL is signed for the declared size, at most MAX_UPLOAD_BYTES', async () => {
    const big = await noisyPng(400);
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    // Declared at its size: refused before any URL is made.
    const tooBig = await requestUpload(t.app, ada, buildingId, [{ fileExt: '.png', fileSize: big.length }]);
    expect(tooBig.statusCode).toBe(413);
    // Without a size there is nothing to sign: refused.
    const noSize = await requestUpload(t.app, ada, buildingId, [{ fileExt: '.png' }]);
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json<{ detail: string }>().detail).toMatch(/fileSize/);
    // Declared small, then sent big: the bucket refuses the PUT and stores nothing.
    const res = await requestUpload(t.app, ada, buildingId, [{ fileExt: '.png', fileSize: 1000 }]);
    const session = res.json<UploadResponse>();
    const key = (await imageRow(session.images[0]!.id))!.storage_key;
    const oversize = await putFile(endpoint, session.uploadUrls[0]!.url, big, 'image/png');
    expect(oversize.status).toBe(403);
    expect(await objectExists(key)).toBe(false);
    // The same URL with exactly the declared size is taken (the proxy checks signatures, it does not refuse all).
    const exact = await putFile(endpoint, session.uploadUrls[0]!.url, big.subarray(0, 1000), 'image/png');
    expect(exact.status).toBe(200);
    expect(await objectExists(key)).toBe(true);
  });

  it('deletes the image and its objects; only the uploader may', async () => {
    const { ids } = await uploadAndProcess(t.app, endpoint, ada, buildingId, [
      { data: await widePng(500, 200), fileExt: '.png' },
    ]);
    const row = (await imageRow(ids[0]!))!;
    const keys = [row.storage_key, ...Object.values(row.renditions)];
    expect(keys).toHaveLength(3);
    const denied = await t.app.inject({ method: 'DELETE', url: `/api/images/${ids[0]}`, headers: bob });
    expect(denied.statusCode).toBe(403);
    for (const key of keys) expect(await objectExists(key)).toBe(true);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/images/${ids[0]}`, headers: ada });
    expect(res.statusCode).toBe(204);
    for (const key of keys) expect(await objectExists(key)).toBe(false);
  });

  it('has its upload URLs refused by the server once expired', async () => {
    const shortLived = new S3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      publicUrl: `${endpoint}/${BUCKET}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      maxUploadBytes: MAX_BYTES,
      uploadUrlTtlSeconds: 1,
      // Signed 5 s ago: its 1 s are over when it is used (the server checks with its own clock).
      now: () => Date.now() - 5_000,
    });
    try {
      const key = `originals/${buildingId}/00000000-0000-4000-8000-000000000001.png`;
      const gif = await smallGif();
      const slot = await shortLived.createUploadUrl(key, 'image/png', gif.length);
      expect(slot.expiresAt.getTime()).toBeLessThan(Date.now());
      const res = await putFile(endpoint, slot.url, gif, 'image/png');
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/expired/i);
      expect(await objectExists(key)).toBe(false);
    } finally {
      await shortLived.close();
    }
  });

  it('serves no local upload route nor /media', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/images/${buildingId}/00000000-0000-4000-8000-000000000002.png?expires=1&signature=x`,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('x'),
    });
    expect(put.statusCode).toBe(404);
    const media = await t.app.inject({ method: 'GET', url: '/media/images/1/x.png' });
    expect(media.statusCode).not.toBe(200);
  });
});
