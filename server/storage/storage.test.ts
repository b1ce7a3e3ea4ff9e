import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { Readable } from 'node:stream';
import {
  AlreadyUploadedError,
  EmptyUploadError,
  LocalStorage,
  UploadTooLargeError,
} from './local-storage.ts';
import { isPublicKey } from './storage.ts';
import { checkUploadSignature, loadSigningSecret, SECRET_FILE, uploadSignature } from './upload-signature.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-storage-'));
});
afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

describe('upload URL signatures', () => {
  const secret = 'x'.repeat(40);
  const key = 'images/3/0b9f3c52-6f1e-4a43-9d2c-5a1d6f0e7b11.jpg';
  const future = Math.floor(Date.now() / 1000) + 60;

  it('accept the signed key, type and expiry only', () => {
    const sig = uploadSignature(secret, key, 'image/jpeg', future);
    expect(checkUploadSignature(secret, key, 'image/jpeg', future, sig)).toBe('ok');
    expect(checkUploadSignature(secret, key, 'image/png', future, sig)).toBe('invalid');
    expect(checkUploadSignature(secret, key, 'image/jpeg', future + 1, sig)).toBe('invalid');
    expect(checkUploadSignature(secret, key.replace('3', '4'), 'image/jpeg', future, sig)).toBe('invalid');
    expect(checkUploadSignature('y'.repeat(40), key, 'image/jpeg', future, sig)).toBe('invalid');
    expect(checkUploadSignature(secret, key, 'image/jpeg', future, '')).toBe('invalid');
  });

  it('expire', () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    const sig = uploadSignature(secret, key, 'image/jpeg', past);
    expect(checkUploadSignature(secret, key, 'image/jpeg', past, sig)).toBe('expired');
  });
});

describe('the signing secret', () => {
  it('is generated once under DATA_DIR and kept across restarts', async () => {
    const first = await loadSigningSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadSigningSecret(undefined, dir)).toBe(first);
    expect((await fs.stat(path.join(dir, SECRET_FILE))).mode & 0o777).toBe(0o600);
  });

  it('comes from UPLOAD_SIGNING_SECRET when set', async () => {
    expect(await loadSigningSecret('s'.repeat(32), dir)).toBe('s'.repeat(32));
  });
});

describe('local storage', () => {
  it('keeps keys inside the media folder', async () => {
    const storage = new LocalStorage({
      dataDir: dir,
      secret: 'x'.repeat(32),
      maxUploadBytes: 1024,
      uploadUrlTtlSeconds: 60,
    });
    await storage.init();
    expect(() => storage.pathOf('../upload-signing-secret')).toThrow();
    expect(() => storage.pathOf('images/1/../../x.jpg')).toThrow();
    await expect(storage.write('images/1/../../../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    const key = 'images/1/0b9f3c52-6f1e-4a43-9d2c-5a1d6f0e7b11-400.webp';
    await storage.write(key, Buffer.from('abc'), 'image/webp');
    expect(await storage.stat(key)).toEqual({ size: 3 });
    await storage.delete([key, 'not/a/key']);
    expect(await storage.stat(key)).toBeNull();
  });

  it('keeps originals outside the served folder', async () => {
    const storage = new LocalStorage({
      dataDir: dir,
      secret: 'x'.repeat(32),
      maxUploadBytes: 1024,
      uploadUrlTtlSeconds: 60,
    });
    await storage.init();
    const original = 'originals/1/0b9f3c52-6f1e-4a43-9d2c-5a1d6f0e7b11.jpg';
    await storage.write(original, Buffer.from('abc'), 'image/jpeg');
    expect(storage.pathOf(original)).toBe(path.join(dir, 'media-private', original));
    expect(path.relative(storage.root, storage.pathOf(original)).startsWith('..')).toBe(true);
    expect(isPublicKey(original)).toBe(false);
    expect(isPublicKey('images/1/0b9f3c52-6f1e-4a43-9d2c-5a1d6f0e7b11-400.webp')).toBe(true);
    // Originals of the earlier layout (beside their renditions) are not public either.
    expect(isPublicKey('images/1/0b9f3c52-6f1e-4a43-9d2c-5a1d6f0e7b11.jpg')).toBe(false);
  });
});

describe('receiving an upload', () => {
  const make = (maxUploadBytes: number) =>
    new LocalStorage({ dataDir: dir, secret: 'x'.repeat(32), maxUploadBytes, uploadUrlTtlSeconds: 60 });
  // 3.5 MB in 64 KB chunks, as a socket delivers them: written in batches, every byte in order.
  const chunks = Array.from({ length: 56 }, (_, i) => Buffer.alloc(64 * 1024, i));

  it('stores every chunk in order', async () => {
    const storage = make(10 * 1024 * 1024);
    await storage.init();
    const key = 'originals/2/0b9f3c52-6f1e-4a43-9d2c-5a1d6f0e7b12.jpg';
    expect(await storage.receiveUpload(key, Readable.from(chunks))).toBe(56 * 64 * 1024);
    expect((await fs.readFile(storage.pathOf(key))).equals(Buffer.concat(chunks))).toBe(true);
    await expect(storage.receiveUpload(key, Readable.from(chunks))).rejects.toThrow(AlreadyUploadedError);
  });

  it('refuses past the limit and leaves no file', async () => {
    const storage = make(2 * 1024 * 1024);
    await storage.init();
    const key = 'originals/2/0b9f3c52-6f1e-4a43-9d2c-5a1d6f0e7b13.jpg';
    await expect(storage.receiveUpload(key, Readable.from(chunks))).rejects.toThrow(UploadTooLargeError);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.receiveUpload(key, Readable.from([]))).rejects.toThrow(EmptyUploadError);
  });
});

describe('storage configuration', () => {
  it('defaults to local storage, 25 MB and 15 minutes, and the upload quotas', () => {
    expect(loadConfig({}).storage).toEqual({
      kind: 'local',
      uploadSigningSecret: undefined,
      maxUploadBytes: 25 * 1024 * 1024,
      uploadUrlTtlSeconds: 900,
      quotas: {
        pendingMaxPerUser: 40,
        bytesPerUserPerDay: 2 * 1024 * 1024 * 1024,
        pendingTtlSeconds: 3600,
        jobsMaxPerUser: 50,
      },
    });
  });

  it('reads the upload quotas and refuses ones that cannot work', () => {
    expect(
      loadConfig({
        UPLOAD_PENDING_MAX_PER_USER: '25',
        UPLOAD_BYTES_PER_USER_PER_DAY: '1048576',
        UPLOAD_PENDING_TTL_SECONDS: '7200',
        IMAGE_JOBS_MAX_PER_USER: '30',
      }).storage.quotas,
    ).toEqual({
      pendingMaxPerUser: 25,
      bytesPerUserPerDay: 1048576,
      pendingTtlSeconds: 7200,
      jobsMaxPerUser: 30,
    });
    // A purge before the upload URL expires would let a late PUT store a file no row knows.
    expect(() => loadConfig({ UPLOAD_PENDING_TTL_SECONDS: '600' })).toThrow(/UPLOAD_PENDING_TTL_SECONDS/);
    // One full upload (20 files) must fit in the queue.
    expect(() => loadConfig({ IMAGE_JOBS_MAX_PER_USER: '10' })).toThrow(/IMAGE_JOBS_MAX_PER_USER/);
  });

  it('reads the S3 settings', () => {
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      AWS_ACCESS_KEY_ID: 'a',
      AWS_SECRET_ACCESS_KEY: 'b',
      UPLOAD_URL_TTL_SECONDS: '300',
      MAX_UPLOAD_BYTES: '1048576',
    }).storage;
    expect(s3).toEqual({
      kind: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      publicUrl: 'http://127.0.0.1:9000/media',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      maxUploadBytes: 1048576,
      uploadUrlTtlSeconds: 300,
      quotas: expect.objectContaining({ pendingMaxPerUser: 40 }) as unknown,
    });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'm', S3_REGION: 'eu-west-3' }).storage).toMatchObject({
      publicUrl: 'https://m.s3.eu-west-3.amazonaws.com',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'm', S3_PUBLIC_URL: 'https://cdn.example.org/' }).storage,
    ).toMatchObject({ publicUrl: 'https://cdn.example.org' });
  });

  it.each([
    [{ STORAGE: 'disk' }, 'STORAGE'],
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ STORAGE: 's3', S3_BUCKET: 'm', AWS_ACCESS_KEY_ID: 'a' }, 'AWS_ACCESS_KEY_ID'],
    [{ MAX_UPLOAD_BYTES: '12abc' }, 'MAX_UPLOAD_BYTES'],
    [{ UPLOAD_URL_TTL_SECONDS: '0' }, 'UPLOAD_URL_TTL_SECONDS'],
    [{ UPLOAD_SIGNING_SECRET: 'short' }, 'UPLOAD_SIGNING_SECRET'],
    [{ S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT'],
  ])('refuses %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
