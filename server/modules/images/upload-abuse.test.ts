/**
 * Upload abuse (issue #9, Security), through the real sequence: upload -> PUT over HTTP ->
 * confirm -> process -> thumbnail job. Every refused file leaves nothing stored: no file under
 * DATA_DIR/media (nor a leftover in media-tmp), no renditions, the image `failed` (refused by the
 * job) or still `pending` (refused at the PUT), and the building's count unchanged.
 *
 * Polyglots: a file that is a valid image and something else as well (a JPEG followed by HTML and
 * script) is accepted as the image it is. What makes it harmless: the renditions every page shows
 * are re-encoded WebP (sharp decodes the pixels and writes new files: the trailing payload is
 * gone), and the original is only ever served with its image type, `nosniff` and a sandboxing
 * Content-Security-Policy, never as HTML. A file that only starts like an image and does not
 * decode (GIF89a followed by script) is refused like any other non-image.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, UploadResponse } from '#domain/images';
import { buildings, images } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import {
  pngClaiming,
  putFile,
  requestUpload,
  smallGif,
  uploadAndProcess,
  waitForTask,
  widePng,
} from '../../test/images.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { SECRET_FILE, uploadSignature } from '../../storage/upload-signature.ts';

let t: TestApp;
let base: string;
let ada: { cookie: string };
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', MAX_UPLOAD_BYTES: String(512 * 1024) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ada = await signIn(t.app, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Abuse House', await userId(t.app.db, 'ada'));
});
afterAll(async () => t?.close());

const storage = () => t.app.storage as LocalStorage;

/** Every stored file (served folder and private folder), as keys. */
async function storedFiles(): Promise<string[]> {
  const keys: string[] = [];
  for (const root of [storage().root, storage().privateRoot]) {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    keys.push(
      ...entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))),
    );
  }
  return keys.sort();
}
const tmpFiles = () => fs.readdir(path.join(t.config.dataDir, 'media-tmp'));

async function imageRow(id: number) {
  const [row] = await t.app.db.select().from(images).where(eq(images.id, id));
  return row!;
}

async function imageCount() {
  const [row] = await t.app.db
    .select({ image_count: buildings.image_count, cover: buildings.cover_image_id })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  return row!;
}

async function oneSlot(fileExt: '.jpg' | '.png' | '.gif') {
  const res = await requestUpload(t.app, ada, buildingId, [{ fileExt }]);
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<UploadResponse>();
  const id = session.images[0]!.id;
  return { id, url: session.uploadUrls[0]!.url, key: (await imageRow(id)).storage_key };
}

/** Runs a file through the whole sequence and checks the job refused it and kept nothing. */
async function expectRefusedByJob(data: Buffer, fileExt: '.jpg' | '.png' | '.gif', reason: RegExp) {
  const filesBefore = await storedFiles();
  const countBefore = await imageCount();
  const { ids, statuses } = await uploadAndProcess(t.app, base, ada, buildingId, [{ data, fileExt }]);
  expect(statuses).toEqual(['FAILURE']);
  const row = await imageRow(ids[0]!);
  expect(row.status).toBe('failed');
  expect(row.failure_reason).toMatch(reason);
  expect(row.renditions).toEqual({});
  // Neither the uploaded file nor any rendition is left, and nothing half-written.
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await tmpFiles()).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: `/media/${row.storage_key}` })).statusCode).toBe(404);
  expect(await imageCount()).toEqual(countBefore);
  const api = await t.app.inject({ method: 'GET', url: `/api/images/${ids[0]}`, headers: ada });
  expect(api.json<Image>()).toMatchObject({ status: 'failed' });
}

describe('files the thumbnail job refuses', () => {
  it('refuses a decompression bomb (a tiny PNG declaring 30000×30000 pixels) without decoding it', async () => {
    const bomb = await pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    const rssBefore = process.memoryUsage().rss;
    await expectRefusedByJob(bomb, '.png', /megapixels|pixel limit/);
    // 900 megapixels decoded would be gigabytes; refusing it from the header costs next to nothing.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
  });

  it('refuses an SVG renamed .png by its magic bytes', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    await expectRefusedByJob(svg, '.png', /not a JPEG, PNG or GIF/);
  });

  it('refuses a GIF/JavaScript polyglot that does not decode as a GIF', async () => {
    const polyglot = Buffer.from('GIF89a/*\x00\x00\x00\x00*/=1;alert(document.domain);//', 'latin1');
    await expectRefusedByJob(polyglot, '.gif', /cannot be (read|decoded)|reads as/);
  });

  it('refuses HTML named .jpg', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await expectRefusedByJob(html, '.jpg', /not a JPEG, PNG or GIF/);
  });
});

describe('a polyglot that is a valid image', () => {
  it('keeps the image, never the payload in a rendition, and never serves the original as HTML', async () => {
    const payload = '<html><body><script>alert(document.cookie)</script></body></html>';
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#936' } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from(payload)]);
    const { ids, statuses } = await uploadAndProcess(t.app, base, ada, buildingId, [
      { data: polyglot, fileExt: '.jpg' },
    ]);
    expect(statuses).toEqual(['SUCCESS']);
    const image = (await t.app.inject({ method: 'GET', url: `/api/images/${ids[0]}` })).json<Image>();
    for (const url of [image.url, image.url_large]) {
      const res = await t.app.inject({ method: 'GET', url: url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.includes('<script')).toBe(false);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
    // The original (payload and all) is never served: it lives in the private folder.
    const original = await t.app.inject({
      method: 'GET',
      url: `/media/${(await imageRow(ids[0]!)).storage_key}`,
    });
    expect(original.statusCode).toBe(404);
    expect(original.rawPayload.includes('<script')).toBe(false);
    // Renditions are served with nosniff and a sandboxing CSP.
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
  });
});

describe('uploads refused at the PUT', () => {
  it('refuses a 0-byte file with a 400, keeps nothing, and the URL still takes a real file', async () => {
    const slot = await oneSlot('.png');
    const filesBefore = await storedFiles();
    const res = await putFile(base, slot.url, Buffer.alloc(0), 'image/png');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/empty/);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await tmpFiles()).toEqual([]);
    expect((await imageRow(slot.id)).status).toBe('pending');
    // Confirming it finds no file: the image stays pending, reported missing.
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [slot.id], failedIds: [] },
    });
    expect(confirm.json()).toEqual({ uploaded: [], missing: [slot.id], deleted: [] });
    expect((await putFile(base, slot.url, await widePng(40, 30), 'image/png')).status).toBe(204);
  });

  it('fails a 0-byte file that reached storage anyway (S3 takes any PUT) in the job', async () => {
    const slot = await oneSlot('.png');
    await fs.mkdir(path.dirname(storage().pathOf(slot.key)), { recursive: true });
    await fs.writeFile(storage().pathOf(slot.key), Buffer.alloc(0));
    await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [slot.id], failedIds: [] },
    });
    const processing = await t.app.inject({
      method: 'POST',
      url: '/api/images/process-uploaded',
      headers: ada,
      payload: { imageIds: [slot.id] },
    });
    const task = processing.json<{ results: { task_id: string }[] }>().results[0]!.task_id;
    expect(await waitForTask(t.app, task)).toBe('FAILURE');
    expect((await imageRow(slot.id)).status).toBe('failed');
    expect(await storedFiles()).not.toContain(slot.key);
  });

  it('refuses a wrong Content-Type with 415 and stores nothing', async () => {
    const slot = await oneSlot('.png');
    const filesBefore = await storedFiles();
    for (const type of ['image/svg+xml', 'text/html', 'image/jpeg', 'application/octet-stream']) {
      const res = await putFile(base, slot.url, await widePng(40, 30), type);
      expect(res.status, type).toBe(415);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await tmpFiles()).toEqual([]);
    expect((await imageRow(slot.id)).status).toBe('pending');
  });

  it('refuses an expired upload URL with 403 and stores nothing', async () => {
    const slot = await oneSlot('.png');
    const secret = (await fs.readFile(path.join(t.config.dataDir, SECRET_FILE), 'utf8')).trim();
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = new URL(slot.url, base);
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set('signature', uploadSignature(secret, slot.key, 'image/png', past));
    const filesBefore = await storedFiles();
    const res = await putFile(base, expired.toString(), await widePng(40, 30), 'image/png');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/expired/);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await tmpFiles()).toEqual([]);
    expect((await imageRow(slot.id)).status).toBe('pending');
  });

  it('refuses a reused upload URL with 409: the first file stays, nothing else is stored', async () => {
    const slot = await oneSlot('.gif');
    const first = await smallGif();
    expect((await putFile(base, slot.url, first, 'image/gif')).status).toBe(204);
    const filesBefore = await storedFiles();
    const second = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const res = await putFile(base, slot.url, second, 'image/gif');
    expect(res.status).toBe(409);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await tmpFiles()).toEqual([]);
    expect(await fs.readFile(storage().pathOf(slot.key))).toEqual(first);
  });
});
