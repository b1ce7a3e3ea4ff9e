/** The image upload sequence (product §7) on the local storage, over real HTTP for the PUTs. */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, UploadResponse } from '#domain/images';
import { selectRows } from '../../db/rows.ts';
import { buildings, images } from '../../db/schema.ts';
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
  waitForTask,
  widePng,
} from '../../test/images.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { uploadSignature, SECRET_FILE } from '../../storage/upload-signature.ts';

const MAX_BYTES = 256 * 1024;

let t: TestApp;
let base: string;
let ada: { cookie: string };
let bob: { cookie: string };
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', MAX_UPLOAD_BYTES: String(MAX_BYTES) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  buildingId = await insertBuilding(t.app.db, 'Gallery House', await userId(t.app.db, 'ada'));
});
afterAll(async () => t?.close());

/** Where a key's file is: renditions in the served folder, originals in the private one. */
const mediaFile = (key: string) => (t.app.storage as LocalStorage).pathOf(key);
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
const tmpFiles = () => fs.readdir(path.join(t.config.dataDir, 'media-tmp'));

async function imageRow(id: number) {
  const [row] = await t.app.db.select().from(images).where(eq(images.id, id));
  return row;
}

async function buildingCounts(id = buildingId) {
  const [row] = await t.app.db
    .select({ image_count: buildings.image_count, cover_image_id: buildings.cover_image_id })
    .from(buildings)
    .where(eq(buildings.id, id));
  return row!;
}

async function getImage(id: number, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers });
}

/** Fetches a media URL through the app and reads it with sharp. */
async function rendition(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const data = res.rawPayload;
  return { data, meta: await sharp(data).metadata() };
}

/** The chunk names of a WebP (RIFF) file: EXIF, XMP and ICC profiles would be chunks of their own. */
function webpChunks(data: Buffer): string[] {
  expect(data.subarray(0, 4).toString('latin1')).toBe('RIFF');
  const names: string[] = [];
  for (let at = 12; at + 8 <= data.length;) {
    names.push(data.subarray(at, at + 4).toString('latin1'));
    at += 8 + data.readUInt32LE(at + 4) + (data.readUInt32LE(at + 4) % 2);
  }
  return names;
}

/** Starts an upload of one file and returns its id and URL. */
async function oneSlot(fileExt: '.jpg' | '.png' = '.jpg', who = ada) {
  const res = await requestUpload(t.app, who, buildingId, [{ fileExt }]);
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<UploadResponse>();
  return {
    id: session.images[0]!.id,
    url: session.uploadUrls[0]!.url,
    contentType: session.uploadUrls[0]!.content_type,
  };
}

describe('the upload sequence on local storage', () => {
  it('turns a JPEG, a PNG and a GIF into upright WebP renditions without metadata', async () => {
    const files = [
      { data: await jpegWithExif(), fileExt: '.jpg' as const, captureYear: null, description: 'Front' },
      { data: await widePng(), fileExt: '.png' as const, captureYear: 2001, type: 'plans' },
      { data: await smallGif(), fileExt: '.gif' as const, type: 'drawing' },
    ];
    // The files carry what the renditions must lose.
    expect((await exifr.gps(files[0]!.data))?.latitude).toBeCloseTo(48.857, 2);

    const { ids, statuses, session } = await uploadAndProcess(t.app, base, ada, buildingId, files);
    expect(statuses).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(session.uploadUrls.map((u) => u.content_type)).toEqual(['image/jpeg', 'image/png', 'image/gif']);
    expect(session.uploadUrls[0]!.url).toMatch(
      /^\/api\/uploads\/originals\/\d+\/[0-9a-f-]{36}\.jpg\?expires=\d+&signature=/,
    );

    const expected = [
      // 600×400 stored with orientation 6: upright it is 400×600.
      { width: 400, height: 600, small: [267, 400], large: [400, 600], year: 1998, type: 'exterior' },
      { width: 2000, height: 1000, small: [400, 200], large: [1600, 800], year: 2001, type: 'plans' },
      { width: 120, height: 90, small: [120, 90], large: [120, 90], year: null, type: 'drawing' },
    ];
    for (const [i, id] of ids.entries()) {
      const res = await getImage(id);
      expect(res.statusCode).toBe(200);
      const image = res.json<Image>();
      const want = expected[i]!;
      expect(image).toMatchObject({
        id,
        status: 'ready',
        building_id: buildingId,
        image_type: want.type,
        width: want.width,
        height: want.height,
        capture_year: want.year,
        capture_date: want.year === null ? null : String(want.year),
        added_by: { handle: 'ada' },
        user_vote: null,
        vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
        failure_reason: null,
      });
      expect(image.url).toMatch(/^\/media\/images\/\d+\/[0-9a-f-]{36}-400\.webp$/);
      expect(image.url_large).toMatch(/-1600\.webp$/);
      for (const [url, size] of [
        [image.url, want.small],
        [image.url_large, want.large],
      ] as const) {
        const { data, meta } = await rendition(url);
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual(size);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(webpChunks(data)).toEqual(expect.not.arrayContaining(['EXIF', 'XMP ', 'ICCP']));
      }
      // The original is kept as it came.
      const row = (await imageRow(id))!;
      expect(await fs.readFile(mediaFile(row.storage_key))).toEqual(files[i]!.data);
      expect(row.size_bytes).toBe(files[i]!.data.length);
    }
    expect(await getImage(ids[0]!).then((r) => r.json<Image>().description)).toBe('Front');
    // The cover is the first image that became ready (tasks run two at a time).
    const counts = await buildingCounts();
    expect(counts.image_count).toBe(3);
    expect(ids).toContain(counts.cover_image_id);
    expect(await tmpFiles()).toEqual([]);
  });

  it('fails a text file named .jpg at once, with the image marked failed', async () => {
    const before = await buildingCounts();
    const { ids, statuses } = await uploadAndProcess(t.app, base, ada, buildingId, [
      { data: Buffer.from('Just some text, not a picture.\n'), fileExt: '.jpg' },
    ]);
    expect(statuses).toEqual(['FAILURE']);
    const mine = await getImage(ids[0]!, ada);
    expect(mine.json<Image>()).toMatchObject({ status: 'failed' });
    expect(mine.json<Image>().failure_reason).toMatch(/not a JPEG, PNG or GIF/);
    // Nobody else sees it, and no list shows it.
    expect((await getImage(ids[0]!, bob)).statusCode).toBe(404);
    expect(await buildingCounts()).toEqual(before);
    // One attempt, no retry.
    const processed = await selectRows(
      t.app.db,
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'thumbnail' AND data->>'imageId' = ${String(ids[0])}`,
    );
    expect(processed).toEqual([{ state: 'cancelled', retry_count: 0 }]);
    const row = (await imageRow(ids[0]!))!;
    expect(row.renditions).toEqual({});
  });

  it('refuses a file over MAX_UPLOAD_BYTES with 413 and keeps no file', async () => {
    const big = await noisyPng(400);
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    const slot = await oneSlot('.png');
    const key = (await imageRow(slot.id))!.storage_key;

    // Announced by Content-Length: refused before the body is read.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(new URL(slot.url, base), {
        method: 'PUT',
        headers: { 'content-type': 'image/png', 'content-length': big.length },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(big);
    });
    expect(status).toBe(413);

    // Streamed without a length: cut off once the limit is passed.
    const chunks = Array.from({ length: 8 }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536));
    const streamed = await t.app.inject({
      method: 'PUT',
      url: slot.url,
      headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expect(streamed.statusCode, streamed.body).toBe(413);

    expect(await exists(mediaFile(key))).toBe(false);
    expect(await tmpFiles()).toEqual([]);
    expect((await imageRow(slot.id))!.status).toBe('pending');
    // The URL was not used up: a file within the limit still goes in.
    const ok = await putFile(base, slot.url, await widePng(300, 200), 'image/png');
    expect(ok.status).toBe(204);
    expect(await exists(mediaFile(key))).toBe(true);
  });

  it('refuses an expired, altered or reused upload URL, and a wrong Content-Type', async () => {
    const file = await widePng(200, 100);
    const slot = await oneSlot('.png');
    const key = (await imageRow(slot.id))!.storage_key;
    const url = new URL(slot.url, base);

    // Signed with the server's secret (kept under DATA_DIR) but already expired.
    const secret = (await fs.readFile(path.join(t.config.dataDir, SECRET_FILE), 'utf8')).trim();
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = new URL(url);
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set('signature', uploadSignature(secret, key, 'image/png', past));
    let res = await putFile(base, expired.toString(), file, 'image/png');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/expired/);

    // A later expiry without a new signature.
    const stretched = new URL(url);
    stretched.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    res = await putFile(base, stretched.toString(), file, 'image/png');
    expect(res.status).toBe(403);

    // Another key with this signature.
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/[0-9a-f]{8}-/, '00000000-');
    res = await putFile(base, otherKey.toString(), file, 'image/png');
    expect(res.status).toBe(403);

    res = await putFile(base, slot.url, file, 'image/jpeg');
    expect(res.status).toBe(415);
    expect(await exists(mediaFile(key))).toBe(false);

    res = await putFile(base, slot.url, file, 'image/png');
    expect(res.status).toBe(204);
    // Used once: a second PUT (before or after confirmation) is refused and the file stays.
    res = await putFile(base, slot.url, await smallGif(), 'image/png');
    expect(res.status).toBe(409);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [slot.id], failedIds: [] },
    });
    expect(confirm.json()).toEqual({ uploaded: [slot.id], missing: [], deleted: [] });
    res = await putFile(base, slot.url, await smallGif(), 'image/png');
    expect(res.status).toBe(409);
    expect(await fs.readFile(mediaFile(key))).toEqual(file);
  });

  it("does not let another user confirm, process or delete someone's image", async () => {
    const pending = await oneSlot('.png');
    expect((await putFile(base, pending.url, await widePng(200, 100), 'image/png')).status).toBe(204);
    const confirmAs = (who: { cookie: string }, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/images/confirm-upload', headers: who, payload: body });

    for (const body of [
      { successfulIds: [pending.id], failedIds: [] },
      { successfulIds: [], failedIds: [pending.id] },
    ]) {
      const res = await confirmAs(bob, body);
      expect(res.statusCode).toBe(403);
    }
    expect((await imageRow(pending.id))!.status).toBe('pending');

    expect((await confirmAs(ada, { successfulIds: [pending.id] })).statusCode).toBe(200);
    const processAs = (who: { cookie: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/images/process-uploaded',
        headers: who,
        payload: { imageIds: [pending.id] },
      });
    expect((await processAs(bob)).statusCode).toBe(403);
    expect((await imageRow(pending.id))!.status).toBe('uploaded');
    const jobs = await selectRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'thumbnail' AND data->>'imageId' = ${String(pending.id)}`,
    );
    expect(jobs[0]!.n).toBe(0);

    const task = (await processAs(ada)).json<{ results: { task_id: string }[] }>().results[0]!.task_id;
    expect(await waitForTask(t.app, task)).toBe('SUCCESS');
    // Asking again is a conflict, not a second task.
    expect((await processAs(ada)).statusCode).toBe(409);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/images/${pending.id}`, headers: bob });
    expect(del.statusCode).toBe(403);
    expect((await imageRow(pending.id))!.status).toBe('ready');
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/images/${pending.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes an image with its files; the building count and cover follow', async () => {
    const house = await insertBuilding(t.app.db, 'Delete House');
    const { ids } = await uploadAndProcess(t.app, base, ada, house, [
      { data: await widePng(500, 300), fileExt: '.png' },
      { data: await smallGif(), fileExt: '.gif' },
    ]);
    const { cover_image_id: cover, image_count } = await buildingCounts(house);
    expect(image_count).toBe(2);
    expect(ids).toContain(cover);
    const other = ids.find((id) => id !== cover)!;
    const row = (await imageRow(cover!))!;
    const files = [row.storage_key, ...Object.values(row.renditions)].map(mediaFile);
    expect(files).toHaveLength(3);
    for (const f of files) expect(await exists(f)).toBe(true);

    // Deleting the cover: the other image takes its place.
    const res = await t.app.inject({ method: 'DELETE', url: `/api/images/${cover}`, headers: ada });
    expect(res.statusCode).toBe(204);
    for (const f of files) expect(await exists(f)).toBe(false);
    expect(await imageRow(cover!)).toBeUndefined();
    expect(await buildingCounts(house)).toEqual({ image_count: 1, cover_image_id: other });
    expect((await getImage(cover!, ada)).statusCode).toBe(404);

    await t.app.inject({ method: 'DELETE', url: `/api/images/${other}`, headers: ada });
    expect(await buildingCounts(house)).toEqual({ image_count: 0, cover_image_id: null });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/images/${other}`, headers: ada });
    expect(again.statusCode).toBe(404);
  });

  it('retries a transient storage error, then succeeds', async () => {
    const slot = await oneSlot('.png');
    expect((await putFile(base, slot.url, await widePng(300, 300), 'image/png')).status).toBe(204);
    await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [slot.id] },
    });
    await t.app.db.update(images).set({ status: 'processing' }).where(eq(images.id, slot.id));
    const storage = t.app.storage;
    // stat: the job asks it on every storage (on local disk sharp then opens the file itself).
    const stat = storage.stat.bind(storage);
    let failures = 0;
    storage.stat = async (key) => {
      if (failures++ === 0) throw new Error('storage is briefly unreachable');
      return stat(key);
    };
    try {
      const task = await t.app.queue.enqueue('thumbnail', { imageId: slot.id }, { retryDelay: 0 });
      expect(await waitForTask(t.app, task)).toBe('SUCCESS');
    } finally {
      storage.stat = stat;
    }
    expect(failures).toBe(2);
    expect((await imageRow(slot.id))!.status).toBe('ready');
  });

  it('confirm-upload deletes failed uploads and reports files that never arrived', async () => {
    const res = await requestUpload(t.app, ada, buildingId, [{ fileExt: '.jpg' }, { fileExt: '.gif' }]);
    const [a, b] = res.json<UploadResponse>().images.map((i) => i.id);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [a], failedIds: [b] },
    });
    expect(confirm.json()).toEqual({ uploaded: [], missing: [a], deleted: [b] });
    expect((await imageRow(a!))!.status).toBe('pending');
    expect(await imageRow(b!)).toBeUndefined();
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [a], failedIds: [a] },
    });
    expect(both.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [999999] },
    });
    expect(unknown.statusCode).toBe(404);
    const notUploaded = await t.app.inject({
      method: 'POST',
      url: '/api/images/process-uploaded',
      headers: ada,
      payload: { imageIds: [a] },
    });
    expect(notUploaded.statusCode).toBe(409);
  });

  it('validates upload requests', async () => {
    const upload = (payload: object, headers: Record<string, string> = ada) =>
      t.app.inject({ method: 'POST', url: '/api/images/upload', headers, payload });
    const meta = { description: '', captureYear: null, type: 'exterior', fileExt: '.jpg' };
    expect((await upload({ buildingId, metadata: [meta] }, {})).statusCode).toBe(401);
    expect((await upload({ buildingId: 999999, metadata: [meta] })).statusCode).toBe(404);
    expect((await upload({ buildingId, metadata: Array.from({ length: 21 }, () => meta) })).statusCode).toBe(
      400,
    );
    expect((await upload({ buildingId, metadata: [] })).statusCode).toBe(400);
    const bmp = await upload({ buildingId, metadata: [{ ...meta, fileExt: '.bmp' }] });
    expect(bmp.statusCode).toBe(400);
    expect(bmp.json<{ detail: string }>().detail).toMatch(/File type must be/);
    const noType = await upload({ buildingId, metadata: [{ ...meta, type: '' }] });
    expect(noType.json<{ detail: string }>().detail).toBe('Please select a type for each image');
    expect((await upload({ buildingId, metadata: [{ ...meta, captureYear: 3000 }] })).statusCode).toBe(400);
    expect((await upload({ buildingId, metadata: [{ ...meta, captureYear: 'abcd' }] })).statusCode).toBe(400);

    const ok = await upload({
      buildingId,
      metadata: [
        { ...meta, fileExt: '.JPEG', captureYear: '1987', description: '  Side  ' },
        ...Array.from({ length: 19 }, () => ({ ...meta, fileExt: '.gif' })),
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [first] = ok.json<UploadResponse>().images;
    expect(await imageRow(first!.id)).toMatchObject({
      status: 'pending',
      file_ext: '.jpeg',
      content_type: 'image/jpeg',
      capture_year: 1987,
      description: 'Side',
    });
  });

  it('serves stored files only, never anything else under DATA_DIR', async () => {
    const secret = (await fs.readFile(path.join(t.config.dataDir, SECRET_FILE), 'utf8')).trim();
    for (const url of [
      '/media/../upload-signing-secret',
      '/media/%2e%2e/upload-signing-secret',
      '/media/..%2fupload-signing-secret',
      '/media/images/1/not-a-key.txt',
      '/media/images/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // 404 from /media, or the router's own answer for a path that leaves /media.
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(secret);
    }
    const res = await t.app.inject({ method: 'PUT', url: '/api/uploads/../../upload-signing-secret' });
    expect(res.statusCode).toBe(404);
  });

  it('reports an unknown task as 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/images/processing-status/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
  });
});
