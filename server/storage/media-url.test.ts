/**
 * The media base URL belongs to each app (its storage), not to the module, so
 * two apps in one process (tests, or an API beside a worker) never give each other's image URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { images } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertBuilding, insertImage, userId } from '../test/targets.ts';
import { signIn } from '../test/sessions.ts';
import { MediaUrls } from './media-url.ts';

let local: TestApp;
let s3: TestApp;

beforeAll(async () => {
  local = await createTestApp({ SEED: 'false' });
  // Built second: with a module-level base it would set every app's URLs to the CDN's.
  s3 = await createTestApp({
    SEED: 'false',
    WORKER: 'false',
    STORAGE: 's3',
    S3_BUCKET: 'atlas-media-url-test',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_PUBLIC_URL: 'https://cdn.example.test/atlas/',
  });
});
afterAll(async () => {
  await s3?.close();
  await local?.close();
});

/** A ready image with a 400 px rendition, read back through the app's API. */
async function imageUrlFrom(t: TestApp): Promise<string> {
  await signIn(t.app, 'ada');
  const ada = await userId(t.app.db, 'ada');
  const building = await insertBuilding(t.app.db, 'Media House', ada);
  const id = await insertImage(t.app.db, building, ada);
  const key = `images/${building}/00000000-0000-4000-8000-000000000000-400.webp`;
  await t.app.db.update(images).set({ renditions: { '400': key } }).where(eq(images.id, id));
  const res = await t.app.inject({ method: 'GET', url: `/api/images/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url;
}

describe('media URLs per app', () => {
  it('each app builds image URLs from its own storage, whichever app was built last', async () => {
    expect(await imageUrlFrom(local)).toMatch(/^\/media\/images\/\d+\/[0-9a-f-]+-400\.webp$/);
    expect(await imageUrlFrom(s3)).toMatch(/^https:\/\/cdn\.example\.test\/atlas\/images\/\d+\//);
    expect(local.app.media).not.toBe(s3.app.media);
  });

  it('the upload route exists only where the storage receives uploads (a capability, not a class check)', async () => {
    expect(local.app.storage.uploadReceiver()).toBe(local.app.storage);
    expect(s3.app.storage.uploadReceiver()).toBeNull();
    const url = '/api/uploads/originals/1/00000000-0000-4000-8000-000000000001.png?expires=1&signature=x';
    const put = (t: TestApp) =>
      t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: 'x' });
    expect((await put(local)).json<{ detail: string }>().detail).toBe('This upload URL is not valid.');
    expect((await put(s3)).statusCode).toBe(404);
  });

  it('encodes each path segment and drops a trailing slash of the base', () => {
    const media = new MediaUrls('https://cdn.example.test/');
    expect(media.url('images/1/a b.webp')).toBe('https://cdn.example.test/images/1/a%20b.webp');
    expect(media.imageLarge({ storage_key: 'originals/1/x.jpg', renditions: {} })).toBe(
      'https://cdn.example.test/originals/1/x.jpg',
    );
  });
});
