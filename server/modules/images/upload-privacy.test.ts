/**
 * Originals (GPS and all) and files not yet
 * confirmed are never served, no public URL leads to another file, each user's unfinished uploads
 * and daily bytes are limited, and unfinished uploads are purged on a schedule.
 */
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, UploadResponse } from '#domain/images';
import { selectRows } from '../../db/rows.ts';
import { images } from '../../db/schema.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import { jpegWithExif, putFile, requestUpload, uploadAndProcess } from '../../test/images.ts';

const MAX_BYTES = 256 * 1024;
const DAILY_BYTES = 1024 * 1024;

let t: TestApp;
let base: string;
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp({
    SEED: 'false',
    MAX_UPLOAD_BYTES: String(MAX_BYTES),
    UPLOAD_PENDING_MAX_PER_USER: '25',
    UPLOAD_BYTES_PER_USER_PER_DAY: String(DAILY_BYTES),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await signIn(t.app, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Private House', await userId(t.app.db, 'ada'));
});
afterAll(async () => t?.close());

const storage = () => t.app.storage as LocalStorage;
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function imageRow(id: number) {
  const [row] = await t.app.db.select().from(images).where(eq(images.id, id));
  return row!;
}

/** Every URL an attacker can derive from what the API shows and the keys the server uses. */
function derivedUrls(image: Image, originalKey: string): string[] {
  const urls = new Set<string>();
  const originalUuid = /[0-9a-f-]{36}/.exec(originalKey)![0];
  for (const url of [image.url, image.url_large]) {
    const stem = url.replace(/-\d+\.webp$/, '');
    for (const ext of ['.jpg', '.jpeg', '.JPG', '.png', '.gif', '.webp', '']) urls.add(`${stem}${ext}`);
    // The original's uuid beside the renditions (the old layout), in every extension.
    const folder = url.slice(0, url.lastIndexOf('/'));
    for (const ext of ['.jpg', '.jpeg', '.png', '.gif', '-400.webp', '-1600.webp'])
      urls.add(`${folder}/${originalUuid}${ext}`);
  }
  urls.add(`/media/${originalKey}`);
  urls.add(`/media/${originalKey.replace(/^originals\//, 'images/')}`);
  urls.add(`/media/..%2Fmedia-private%2F${originalKey.replaceAll('/', '%2F')}`);
  return [...urls];
}

describe('originals are private', () => {
  it('serves renditions without GPS and no derivable URL reaches the original', async () => {
    const ada = await signIn(t.app, 'ada');
    const jpeg = await jpegWithExif();
    expect((await exifr.gps(jpeg))?.latitude).toBeCloseTo(48.857, 2);
    const { ids, statuses } = await uploadAndProcess(t.app, base, ada, buildingId, [
      { data: jpeg, fileExt: '.jpg' },
    ]);
    expect(statuses).toEqual(['SUCCESS']);
    const image = (await t.app.inject({ method: 'GET', url: `/api/images/${ids[0]}` })).json<Image>();
    const row = await imageRow(ids[0]!);

    // The original is kept, byte for byte (GPS included), outside the served folder.
    expect(row.storage_key).toMatch(/^originals\//);
    expect(await storage().read(row.storage_key)).toEqual(jpeg);
    expect(storage().pathOf(row.storage_key).startsWith(storage().privateRoot)).toBe(true);
    // Renditions share nothing with the original's key.
    const originalUuid = /[0-9a-f-]{36}/.exec(row.storage_key)![0];
    for (const key of Object.values(row.renditions)) expect(key).not.toContain(originalUuid);

    for (const url of [image.url, image.url_large]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(await exifr.gps(res.rawPayload).catch(() => undefined)).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('AtlasTestCam'))).toBe(false);
    }
    for (const url of derivedUrls(image, row.storage_key)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(jpeg.subarray(0, 64)), url).toBe(false);
    }
    // Paths that leave /media (normalised by the router) reach the web app, never the file.
    for (const url of [`/media/../media-private/${row.storage_key}`, `/media-private/${row.storage_key}`]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.rawPayload.includes(jpeg.subarray(0, 64)), url).toBe(false);
    }
  });
});

describe('unfinished uploads', () => {
  it('never serves a file that was uploaded but not confirmed', async () => {
    const ada = await signIn(t.app, 'ada');
    const res = await requestUpload(t.app, ada, buildingId, [{ fileExt: '.png' }]);
    const session = res.json<UploadResponse>();
    const junk = crypto.randomBytes(4096);
    expect((await putFile(base, session.uploadUrls[0]!.url, junk, 'image/png')).status).toBe(204);
    const key = (await imageRow(session.images[0]!.id)).storage_key;
    expect(await storage().read(key)).toEqual(junk);
    expect(storage().pathOf(key).startsWith(storage().privateRoot)).toBe(true);
    for (const url of [
      `/media/${key}`,
      `/media/${key.replace(/^originals\//, 'images/')}`,
      `/media/${key.replace(/^originals\//, 'images/').replace(/\.png$/, '-400.webp')}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('limits the unfinished uploads a user holds at once, with a problem that says so', async () => {
    const pat = await signIn(t.app, 'pat');
    const small = (n: number) =>
      Array.from({ length: n }, () => ({ fileExt: '.jpg' as const, fileSize: 1000 }));
    expect((await requestUpload(t.app, pat, buildingId, small(20))).statusCode).toBe(200);
    const refused = await requestUpload(t.app, pat, buildingId, small(6));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json<{ detail: string }>().detail).toMatch(/20 unfinished uploads.*at most 25/);
    expect((await requestUpload(t.app, pat, buildingId, small(5))).statusCode).toBe(200);
    // Another user is not affected.
    const sam = await signIn(t.app, 'sam');
    expect((await requestUpload(t.app, sam, buildingId, small(20))).statusCode).toBe(200);
  });

  it('limits the bytes a user uploads in a day; a slot takes no more than its declared size', async () => {
    const cat = await signIn(t.app, 'cat');
    // Without a declared size each slot reserves MAX_UPLOAD_BYTES: 3 × 256 KB of the 1 MB.
    const three = Array.from({ length: 3 }, () => ({ fileExt: '.jpg' as const }));
    expect((await requestUpload(t.app, cat, buildingId, three)).statusCode).toBe(200);
    const over = await requestUpload(t.app, cat, buildingId, [
      { fileExt: '.png', fileSize: 200 * 1024 },
      { fileExt: '.png', fileSize: 200 * 1024 },
    ]);
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(over.json<{ detail: string }>().detail).toMatch(/Daily upload limit reached: you may upload 1 MB/);
    const fits = await requestUpload(t.app, cat, buildingId, [{ fileExt: '.png', fileSize: 2000 }]);
    expect(fits.statusCode).toBe(200);
    // The URL takes the declared size, not a byte more.
    const url = fits.json<UploadResponse>().uploadUrls[0]!.url;
    const bigger = await putFile(base, url, crypto.randomBytes(2001), 'image/png');
    expect(bigger.status).toBe(413);
    expect(await bigger.text()).toMatch(/larger than 2000 bytes/);
    expect((await putFile(base, url, crypto.randomBytes(2000), 'image/png')).status).toBe(204);
    // A declared size over MAX_UPLOAD_BYTES is refused at once.
    const huge = await requestUpload(t.app, cat, buildingId, [{ fileExt: '.png', fileSize: MAX_BYTES + 1 }]);
    expect(huge.statusCode).toBe(413);
  });

  it('purges stale unfinished uploads of every user with their files, and keeps fresh ones', async () => {
    const ada = await signIn(t.app, 'ada');
    const ben = await signIn(t.app, 'ben');
    const start = async (who: { cookie: string }, n: number) => {
      const res = await requestUpload(
        t.app,
        who,
        buildingId,
        Array.from({ length: n }, () => ({ fileExt: '.png' as const, fileSize: 512 })),
      );
      return res.json<UploadResponse>();
    };
    const a = await start(ada, 3);
    const b = await start(ben, 2);
    const put = (s: UploadResponse, i: number) =>
      putFile(base, s.uploadUrls[i]!.url, crypto.randomBytes(512), 'image/png');
    // ada: [0] uploaded never confirmed, [1] never uploaded, [2] confirmed never processed.
    // ben: [0] uploaded never confirmed, [1] the same but fresh.
    for (const [s, i] of [
      [a, 0],
      [a, 2],
      [b, 0],
      [b, 1],
    ] as const)
      expect((await put(s, i)).status).toBe(204);
    await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [a.images[2]!.id], failedIds: [] },
    });
    const staleIds = [a.images[0]!.id, a.images[1]!.id, a.images[2]!.id, b.images[0]!.id];
    const freshId = b.images[1]!.id;
    const keys = new Map<number, string>();
    for (const id of [...staleIds, freshId]) keys.set(id, (await imageRow(id)).storage_key);
    await t.app.db
      .update(images)
      .set({ updated_at: sql`now() - interval '2 hours'` })
      .where(inArray(images.id, staleIds));

    // The scheduled job, as the schedule enqueues it.
    const task = await t.app.queue.enqueue('purge-uploads', { olderThanSeconds: 3600 });
    await expect.poll(() => t.app.queue.status(task, 'purge-uploads'), { timeout: 20_000 }).toBe('SUCCESS');

    // Rows whose file had arrived stay failed (their bytes still count for the day); the one with no file is gone.
    for (const id of [a.images[0]!.id, a.images[2]!.id, b.images[0]!.id]) {
      expect(await imageRow(id)).toMatchObject({ status: 'failed', size_bytes: 512 });
    }
    const [gone] = await t.app.db.select().from(images).where(eq(images.id, a.images[1]!.id));
    expect(gone).toBeUndefined();
    for (const id of staleIds) expect(await storage().stat(keys.get(id)!)).toBeNull();
    // The fresh upload is untouched.
    expect((await imageRow(freshId)).status).toBe('pending');
    expect(await storage().stat(keys.get(freshId)!)).toEqual({ size: 512 });
  });

  it('schedules the purge when the workers start', async () => {
    const [row] = await selectRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM (SELECT name, singleton_key FROM pgboss.job UNION ALL SELECT name, singleton_key FROM pgboss.archive) j
          WHERE name = 'purge-uploads' AND singleton_key = 'purge-uploads'`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(1);
  });
});
