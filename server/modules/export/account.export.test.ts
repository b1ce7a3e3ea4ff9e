/**
 * GET /api/users/{handle}/export ("Download my data"): the ZIP opens with a ZIP library (fflate's
 * unzip, not the writer's code) and holds the listed files with the user's data only, their own
 * hidden content included; the image files are the stored originals, byte for byte; 401, 403 (an
 * admin too) and 404; the exports' per-address limit counts it.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync, type Unzipped } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EXPORT_JSON_FILES } from '#domain/account-export';
import { comments, images, listBuildings, lists, users, votes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, insertComment, insertImage, userId } from '../../test/targets.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
let root: { cookie: string };
let adaId: number;
let bobId: number;
const fixture = {
  adaBuilding: 0,
  bobBuilding: 0,
  adaComment: 0,
  adaHiddenComment: 0,
  bobComment: 0,
  adaList: 0,
  bobList: 0,
  adaImage: 0,
  adaUnstoredImage: 0,
  bobImage: 0,
};
const adaPhoto = crypto.randomBytes(300_000);
const bobPhoto = crypto.randomBytes(1000);

/** An image row whose original is stored (under a real originals/ key), with the given bytes. */
async function storedImage(buildingId: number, addedBy: number, bytes: Buffer): Promise<number> {
  const key = `originals/${buildingId}/${crypto.randomUUID()}.png`;
  await t.app.storage.write(key, bytes, 'image/png');
  const [row] = await t.app.db
    .insert(images)
    .values({
      building_id: buildingId,
      added_by: addedBy,
      status: 'ready',
      image_type: 'exterior',
      storage_key: key,
      file_ext: '.png',
      size_bytes: bytes.length,
    })
    .returning({ id: images.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  root = await signIn(t.app, 'root_admin');
  adaId = await userId(t.app.db, 'ada');
  bobId = await userId(t.app.db, 'bob');
  await t.app.db.update(users).set({ email: 'ada@example.com' }).where(eq(users.id, adaId));
  await t.app.db.update(users).set({ email: 'bob@example.com' }).where(eq(users.id, bobId));
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.handle, 'root_admin'));

  const f = fixture;
  f.adaBuilding = await insertBuilding(t.app.db, 'Ada Tower', adaId);
  f.bobBuilding = await insertBuilding(t.app.db, 'Bob Hall', bobId);
  f.adaComment = await insertComment(t.app.db, {
    user_id: adaId,
    target_type: 'building',
    target_id: f.bobBuilding,
    content: 'Ada says hello',
  });
  f.adaHiddenComment = await insertComment(t.app.db, {
    user_id: adaId,
    target_type: 'building',
    target_id: f.adaBuilding,
    content: 'Ada hidden words',
  });
  await t.app.db.update(comments).set({ hidden_at: new Date() }).where(eq(comments.id, f.adaHiddenComment));
  f.bobComment = await insertComment(t.app.db, {
    user_id: bobId,
    target_type: 'building',
    target_id: f.adaBuilding,
    content: 'Bob says hi',
  });
  await t.app.db.insert(votes).values([
    { user_id: adaId, votable_type: 'building', votable_id: f.bobBuilding, vote: 1 },
    { user_id: bobId, votable_type: 'building', votable_id: f.adaBuilding, vote: -1 },
  ]);
  const [adaList] = await t.app.db
    .insert(lists)
    .values({ user_id: adaId, name: 'Ada favourites', is_public: false })
    .returning({ id: lists.id });
  const [bobList] = await t.app.db
    .insert(lists)
    .values({ user_id: bobId, name: 'Bob favourites', is_public: true })
    .returning({ id: lists.id });
  f.adaList = adaList!.id;
  f.bobList = bobList!.id;
  await t.app.db.insert(listBuildings).values([
    { list_id: f.adaList, building_id: f.bobBuilding },
    { list_id: f.bobList, building_id: f.adaBuilding },
  ]);
  f.adaImage = await storedImage(f.bobBuilding, adaId, adaPhoto);
  // A row whose file was never stored (an upload that never arrived): listed without a file.
  f.adaUnstoredImage = await insertImage(t.app.db, f.adaBuilding, adaId);
  f.bobImage = await storedImage(f.adaBuilding, bobId, bobPhoto);
});
afterAll(async () => t?.close());

const exportOf = (handle: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/users/${handle}/export`, headers });

const json = <T>(zip: Unzipped, name: string): T => JSON.parse(strFromU8(zip[name]!)) as T;

describe('GET /api/users/{handle}/export', () => {
  let zip: Unzipped;

  beforeAll(async () => {
    const res = await exportOf('ada', ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="atlas-ada-${day}.zip"`);
    expect(res.headers['cache-control']).toBe('no-store');
    zip = unzipSync(new Uint8Array(res.rawPayload));
  });

  it('holds the listed JSON files and the original of each stored image, nothing else', () => {
    expect(Object.keys(zip).sort()).toEqual(
      [...ACCOUNT_EXPORT_JSON_FILES, `images/${fixture.adaImage}.png`].sort(),
    );
  });

  it("gives the image's stored original byte for byte", () => {
    expect(Buffer.from(zip[`images/${fixture.adaImage}.png`]!).equals(adaPhoto)).toBe(true);
  });

  it('shows the profile with the email and no one else', () => {
    const profile = json<Record<string, unknown>>(zip, 'profile.json');
    expect(profile).toMatchObject({ id: adaId, handle: 'ada', email: 'ada@example.com', role: 'user' });
    expect(profile.url).toMatch(/\/user\/ada$/);
    const text = strFromU8(zip['profile.json']!);
    expect(text).not.toContain('bob@example.com');
    expect(text).not.toContain('"bob"');
  });

  it("has the user's buildings, comments (hidden ones too), votes and lists, and nobody else's", () => {
    const buildingsFile = json<{ id: number; name: string }[]>(zip, 'buildings.json');
    expect(buildingsFile.map((b) => b.name)).toEqual(['Ada Tower']);

    const commentsFile = json<{ id: number; content: string; hidden_at: string | null }[]>(
      zip,
      'comments.json',
    );
    expect(commentsFile.map((c) => c.id).sort()).toEqual(
      [fixture.adaComment, fixture.adaHiddenComment].sort(),
    );
    expect(commentsFile.find((c) => c.id === fixture.adaHiddenComment)!.hidden_at).not.toBeNull();
    expect(commentsFile.map((c) => c.content)).not.toContain('Bob says hi');

    const votesFile = json<{ target_type: string; target_id: number; vote: number }[]>(zip, 'votes.json');
    expect(votesFile).toEqual([
      expect.objectContaining({ target_type: 'building', target_id: fixture.bobBuilding, vote: 1 }),
    ]);

    const listsFile = json<
      { id: number; name: string; is_public: boolean; items: { building_id: number; name: string }[] }[]
    >(zip, 'lists.json');
    expect(listsFile).toEqual([
      expect.objectContaining({
        id: fixture.adaList,
        name: 'Ada favourites',
        is_public: false,
        items: [expect.objectContaining({ building_id: fixture.bobBuilding, name: 'Bob Hall' })],
      }),
    ]);
  });

  it('lists every image of the user with its file in the ZIP, or why it has none', () => {
    const imagesFile = json<
      { id: number; file: string | null; file_missing?: string; storage_key?: string }[]
    >(zip, 'images.json');
    expect(imagesFile.map((i) => i.id)).toEqual([fixture.adaImage, fixture.adaUnstoredImage]);
    expect(imagesFile[0]).toMatchObject({ file: `images/${fixture.adaImage}.png` });
    expect(imagesFile[0]).not.toHaveProperty('file_missing');
    expect(imagesFile[1]).toMatchObject({ file: null, file_missing: 'not stored' });
    // Storage keys are the server's business, not part of the download.
    expect(imagesFile[0]).not.toHaveProperty('storage_key');
  });

  it('gives empty lists to a user with nothing yet', async () => {
    const carol = await signIn(t.app, 'carol');
    const res = await exportOf('carol', carol);
    expect(res.statusCode).toBe(200);
    const empty = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(empty).sort()).toEqual([...ACCOUNT_EXPORT_JSON_FILES].sort());
    for (const name of ACCOUNT_EXPORT_JSON_FILES.filter((n) => n !== 'profile.json')) {
      expect(json(empty, name), name).toEqual([]);
    }
  });

  it('answers 401 when signed out', async () => {
    const res = await exportOf('ada');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it("answers 403 to another user and to an admin, with none of the user's data", async () => {
    for (const who of [bob, root]) {
      const res = await exportOf('ada', who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, detail: 'You can only download your own data.' });
      expect(res.body).not.toContain('ada@example.com');
    }
  });

  it('answers 404 for an unknown handle', async () => {
    const res = await exportOf('nobody_here', ada);
    expect(res.statusCode).toBe(404);
  });
});

describe('the exports limit per address and minute', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ SEED: 'false', RATE_LIMIT: 'true' });
  });
  afterAll(async () => limited?.close());

  it('counts a data download with the other exports: a second within the minute is a 429', async () => {
    const dana = await signIn(limited.app, 'dana');
    const get = () =>
      limited.app.inject({
        method: 'GET',
        url: '/api/users/dana/export',
        headers: dana,
        remoteAddress: '198.51.100.77',
      });
    expect((await get()).statusCode).toBe(200);
    const second = await get();
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });
});
